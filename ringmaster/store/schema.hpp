// The store's schema and its migrations (docs/files-and-database.md).
#pragma once

#include <sqlite3.h>

namespace rm::store::detail {

// The schema version recorded in the database, 0 for a database without a meta table.
int read_schema_version(sqlite3* db);

// Brings a fresh (version 0) or older database to kSchemaVersion, one step per version, each
// step in its own transaction. Throws StoreError for a version newer than this program knows.
void migrate(sqlite3* db);

}  // namespace rm::store::detail
