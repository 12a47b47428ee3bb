// The records, DAOs and `BenchDatabase` of this target are generated at build time by daogen's
// build plugin from daogen.yaml, wide.yaml, library.yaml, catalog.yaml and northwind.yaml in this directory
// (see .build/plugins/outputs/*/BenchSchemas/*/DAOGenPlugin/GeneratedSources).
