#pragma once
// Small-sample statistics for the experiments' and matches' 95% intervals.

#include <vector>

namespace kibitz {

// The two-sided 95% quantile of Student's t with `df` degrees of freedom (t such that
// P(|T| <= t) = 0.95): 12.706 at 1, 2.228 at 10, tending to 1.960. A mean of n samples with
// sample standard deviation s has the half-width t95(n - 1) * s / sqrt(n). df < 1: infinity.
double t95(int df);

// The half-width of the 95% interval of the mean of `xs` by Student's t (infinite with fewer
// than two samples).
double error95(const std::vector<double>& xs);

}  // namespace kibitz
