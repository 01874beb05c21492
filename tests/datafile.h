#pragma once
// A sample file under tests/data/, by the source tree's path that CMake gives every test binary
// (DTSIM_SOURCE_DIR), so that it is found from any build directory and with any compiler cache.

#include <QString>

namespace testing {

inline QString dataFile(const QString& relative)
{
    return QStringLiteral(DTSIM_SOURCE_DIR "/tests/data/") + relative;
}

} // namespace testing
