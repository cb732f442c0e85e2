// Playoff and allplayall: scheduling, colours, void games, resume, reports.
#include <catch2/catch.hpp>
