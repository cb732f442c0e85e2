// SKELETON: ce_tuner end-to-end tests being written.
#include <catch2/catch.hpp>
