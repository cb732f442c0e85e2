// SKELETON: ce_tuner control-file tests being written.
#include <catch2/catch.hpp>
