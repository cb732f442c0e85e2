// The seal: what lets an open skip reading the whole database to check it.
//
// Checking every page (PRAGMA quick_check) costs about 2.5 s a million games, at every open.
// A run that closes its store cleanly (no corruption or I/O error seen, the WAL checkpointed
// into the database file and empty) writes into the competition's lock file the identity of
// the database file as it leaves it: device, inode, size, modification and change times (the
// change time, ctime, is set by the kernel on every write and cannot be set back from user
// space). An open that finds the seal matching the file knows that nothing has written to the
// file since a run that checked it left it, and checks only what is cheap. A run clears the
// seal (durably) before it writes anything, so after a crash, a kill or a power cut there is
// none and the next open checks everything; so does an open after anything else wrote to the
// file (a copy, a restore from a backup, stray writes, sqlite3 on it). See
// docs/files-and-database.md#integrity-at-open.
#pragma once

#include <string>

namespace rm::store::detail {

// The seal for the database file as it is now; "" if it cannot be made (the file cannot be
// stat'ed, or its WAL holds frames: the database is then more than its file).
std::string make_seal(const std::string& db_path);

// Whether `seal` (read from the lock file) describes the database file as it is now.
bool seal_matches(const std::string& seal, const std::string& db_path);

// The lock file's content ("" if it does not exist or cannot be read). Opens it read-only,
// never creates it.
std::string read_lock_file(const std::string& lock_path);

// Whether some process holds the run lock on `lock_path` now: a run is live. Probes with a
// shared non-blocking flock, released at once (RunLock retries briefly when it meets one).
bool run_is_live(const std::string& lock_path);

// Counts the SQLite errors that say the file is damaged or unreadable (SQLITE_CORRUPT,
// SQLITE_NOTADB, SQLITE_IOERR), in this process: a store that saw one does not seal.
void note_sqlite_error(int code);
unsigned long damage_errors_seen();

}  // namespace rm::store::detail
