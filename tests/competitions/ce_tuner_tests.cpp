// SKELETON: ce_tuner tests being written.
#include <catch2/catch.hpp>
