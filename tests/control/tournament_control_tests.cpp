// Loading playoff and allplayall control files: matchups, defaults, competitors, sprt, errors.
#include <catch2/catch.hpp>
