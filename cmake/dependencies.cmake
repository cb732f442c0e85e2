# All from Debian 12; scripts/install-deps.sh installs them.
find_package(Threads REQUIRED)
find_package(Boost 1.81 REQUIRED COMPONENTS filesystem)
find_package(yaml-cpp 0.7 REQUIRED)
find_package(SQLite3 REQUIRED)
find_package(nlohmann_json 3.11 REQUIRED)
find_package(fmt REQUIRED)
find_package(CLI11 REQUIRED)
find_library(MUPARSER_LIBRARY NAMES muparser REQUIRED)
find_path(MUPARSER_INCLUDE_DIR NAMES muParser.h PATH_SUFFIXES muParser REQUIRED)
add_library(muparser::muparser UNKNOWN IMPORTED)
set_target_properties(muparser::muparser PROPERTIES
  IMPORTED_LOCATION ${MUPARSER_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${MUPARSER_INCLUDE_DIR})
if(RINGMASTER_TESTS)
  find_package(Catch2 2 REQUIRED)
  include(Catch)
endif()
# cpp-httplib for `ringmaster serve`: Debian's libcpp-httplib-dev is the compiled form (a
# shared library and its header); its pkg-config file carries the feature macros the library
# was built with, which every file including httplib.h must define the same.
find_package(PkgConfig REQUIRED)
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib>=0.11)
