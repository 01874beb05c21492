#pragma once
// What the report tests read from a report: a quantity's value by id (the test fails when the
// report has no such quantity).

#include "simcore/reports/report.h"

#include <catch2/catch.hpp>
#include <string_view>

namespace testing {

inline double quantityValue(const simcore::Report& report, std::string_view id)
{
    const simcore::Quantity* quantity = report.find(id);
    INFO("quantity " << id);
    REQUIRE(quantity != nullptr);
    return quantity->value;
}

} // namespace testing
