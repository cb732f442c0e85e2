// Colours the plots use: a qualitative palette for series (Okabe and Ito's, readable with
// the common colour-vision deficiencies) and a diverging scale for heatmaps.
#pragma once

#include <cstddef>
#include <string>

namespace rm::svg {

// The i-th series colour ("#0072b2", ...), cycling after 8.
std::string series_colour(std::size_t i);

// A colour for t in [0, 1] on a blue - white - red scale (t = 0.5 is white); NaN gives grey.
std::string diverging_colour(double t);

// Black or white, whichever reads better on `background` (a "#rrggbb" colour).
std::string text_colour_on(const std::string& background);

}  // namespace rm::svg
