// Playoff and allplayall end to end with ringbot: run, resume, reports, JSON.
#include <catch2/catch.hpp>
