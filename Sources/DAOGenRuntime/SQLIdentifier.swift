import Foundation

/// SQL identifiers, quoted the one way daogen writes them.
public enum SQLIdentifier {
    /// `name` as a quoted SQL identifier: in double quotes, each double quote inside doubled
    /// (`my "x"` -> `"my ""x"""`), so any name, keyword or not, reads as that name.
    public static func quoted(_ name: String) -> String {
        // A byte scan first: Foundation's `contains` bridges to NSString, and this runs per identifier.
        name.utf8.contains(UInt8(ascii: "\"")) ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : "\"" + name + "\""
    }
}
