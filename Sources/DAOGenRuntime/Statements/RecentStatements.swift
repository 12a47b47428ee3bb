/// The prepared statements of SQL built at run time, by text, at most ``capacity`` of them: when a
/// new one would exceed it, the least recently used is dropped.
///
/// A dictionary maps each text to a slot of ``entries``, and the slots form a doubly linked list
/// from the most to the least recently used, linked by index. A hit is one dictionary lookup and a
/// few index writes that move its slot to the front: no scan, no allocation. A miss at capacity
/// reuses the slot of the least recently used statement, whose text it removes from the dictionary.
///
/// Dropping a statement finalizes it (in `Statement`'s `deinit`) once no one else holds it: a
/// statement dropped while a `withStatement(sql:)` body is using it (a nested call prepared
/// others meanwhile) stays alive in that body's hands, is checked in as usual, and is finalized
/// when the body lets go of it.
struct RecentStatements {
    /// One cached statement, and its neighbours in the order of use.
    private struct Entry {
        /// The text the statement is cached by.
        var sql: String
        /// The statement.
        var statement: Statement
        /// The slot of the statement used just before this one, or ``none``.
        var older: Int
        /// The slot of the statement used just after this one, or ``none``.
        var newer: Int
    }

    /// The index that links to no slot.
    private static let none = -1

    /// The most statements kept; 0 keeps none.
    let capacity: Int
    /// The slot of each cached text.
    private var slots: [String: Int] = [:]
    /// The cached statements, in slots that never move; at most ``capacity``.
    private var entries: [Entry] = []
    /// The slot of the most recently used statement, or ``none`` when empty.
    private var newest = Self.none
    /// The slot of the least recently used statement, the next dropped; ``none`` when empty.
    private var oldest = Self.none

    /// An empty cache that keeps at most `capacity` statements (none when `capacity` is 0 or less).
    /// Nothing is reserved: a huge capacity stands for no bound.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many statements are cached.
    var count: Int { entries.count }

    /// The cached texts, from the most to the least recently used (for tests).
    var textsByRecency: [String] {
        var texts: [String] = []
        var slot = newest
        while slot != Self.none {
            texts.append(entries[slot].sql)
            slot = entries[slot].older
        }
        return texts
    }

    /// The cached statement of `sql`, if any, which becomes the most recently used.
    mutating func statement(forSQL sql: String) -> Statement? {
        guard let slot = slots[sql] else { return nil }
        moveToFront(slot)
        return entries[slot].statement
    }

    /// Caches `statement` for `sql` as the most recently used, replacing the statement cached for
    /// `sql` if any, otherwise dropping the least recently used one when the cache is full. Keeps
    /// nothing when ``capacity`` is 0.
    mutating func store(_ statement: Statement, forSQL sql: String) {
        if let slot = slots[sql] {
            entries[slot].statement = statement
            moveToFront(slot)
            return
        }
        if entries.count < capacity {
            let slot = entries.count
            entries.append(Entry(sql: sql, statement: statement, older: Self.none, newer: Self.none))
            slots[sql] = slot
            linkAsNewest(slot)
            return
        }
        guard capacity > 0 else { return }
        let slot = oldest
        unlink(slot)
        slots.removeValue(forKey: entries[slot].sql)
        entries[slot].sql = sql
        entries[slot].statement = statement
        slots[sql] = slot
        linkAsNewest(slot)
    }

    /// Drops every statement.
    mutating func removeAll() {
        slots = [:]
        entries = []
        newest = Self.none
        oldest = Self.none
    }

    /// Makes `slot` the most recently used.
    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    /// Takes `slot` out of the order of use.
    private mutating func unlink(_ slot: Int) {
        let older = entries[slot].older
        let newer = entries[slot].newer
        if older == Self.none { oldest = newer } else { entries[older].newer = newer }
        if newer == Self.none { newest = older } else { entries[newer].older = older }
    }

    /// Puts `slot`, not in the order of use, at its front.
    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = Self.none
        if newest == Self.none { oldest = slot } else { entries[newest].newer = slot }
        newest = slot
    }
}
