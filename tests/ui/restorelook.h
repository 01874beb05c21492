#pragma once
// Puts the look (theme, presentation mode) and the language back however a test ends: the
// application's look is global, and the next test must start from the default.

#include "common/language.h"
#include "ui/kit/appearance.h"

namespace testing {

struct RestoreLook {
    dtsim::ui::Appearance saved = dtsim::ui::currentAppearance();
    RestoreLook() = default;
    RestoreLook(const RestoreLook&) = delete;
    RestoreLook& operator=(const RestoreLook&) = delete;
    ~RestoreLook()
    {
        dtsim::common::setLanguage(QStringLiteral("en"));
        dtsim::ui::applyAppearance(saved);
    }
};

} // namespace testing
