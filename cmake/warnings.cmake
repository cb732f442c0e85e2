# Strict warnings for the project's own code (not for third-party headers).
add_library(rm_warnings INTERFACE)
target_compile_options(rm_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Woverloaded-virtual -Wconversion -Wsign-conversion -Wnull-dereference -Wdouble-promotion
  -Wformat=2 -Wimplicit-fallthrough -Wmisleading-indentation)
# GCC's own; clang has no such warnings and refuses unknown ones under -Werror.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(rm_warnings INTERFACE -Wduplicated-cond -Wduplicated-branches -Wlogical-op)
endif()
if(RINGMASTER_WERROR)
  target_compile_options(rm_warnings INTERFACE -Werror)
endif()

if(RINGMASTER_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(RINGMASTER_TSAN)
  if(RINGMASTER_SANITIZE)
    message(FATAL_ERROR "RINGMASTER_TSAN and RINGMASTER_SANITIZE cannot be combined")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  # GCC 12 at -O1 with ThreadSanitizer's instrumentation reports a null dereference inside
  # nlohmann::json's get<long long>() that cannot happen (the plain build does not).
  target_compile_options(rm_warnings INTERFACE -Wno-null-dereference)
endif()

# rm_add_library(name SOURCES...) : a project library with the strict warnings.
function(rm_add_library name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE rm_warnings)
endfunction()

# rm_add_executable(name SOURCES...) : a project executable with the strict warnings.
function(rm_add_executable name)
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE rm_warnings)
endfunction()
