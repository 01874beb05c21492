#include "ui/kit/importtexts.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace dtsim::ui {

QString fileReadProblem(const common::FileRead& read, const QString& path)
{
    using Problem = common::FileRead::Problem;
    const QString shown = QDir::toNativeSeparators(path);
    switch (read.problem) {
    case Problem::None:
        return {};
    case Problem::Missing:
        return QCoreApplication::translate("dtsim::ui::ImportTexts",
                                           "%1 does not exist. Nothing was imported.")
            .arg(shown);
    case Problem::NotRegular:
        return QCoreApplication::translate(
                   "dtsim::ui::ImportTexts",
                   "%1 is not a regular file (a folder, a device or a pipe). Nothing was "
                   "imported.")
            .arg(shown);
    case Problem::CannotOpen:
    case Problem::ReadError:
        return QCoreApplication::translate("dtsim::ui::ImportTexts",
                                           "Cannot read %1: %2. Nothing was imported.")
            .arg(shown, read.reason);
    case Problem::TooLarge:
        return QCoreApplication::translate(
                   "dtsim::ui::ImportTexts",
                   "%1 is larger than %2 MiB, too large for a measurement log. Nothing was "
                   "imported.")
            .arg(shown)
            .arg(common::kMaxMeasurementLogBytes / (1024 * 1024));
    }
    return {};
}

QString importErrorText(const QString& path, const simcore::ImportError& error)
{
    const QString file = QFileInfo(path).fileName();
    const QString expected = QString::fromStdString(error.expected);
    const QString found = QString::fromStdString(error.found);
    if (error.line == 0) {
        return found.isEmpty()
                   ? QCoreApplication::translate("dtsim::ui::ImportTexts",
                                                 "%1: expected %2. Nothing was imported.")
                         .arg(file, expected)
                   : QCoreApplication::translate(
                         "dtsim::ui::ImportTexts",
                         "%1: expected %2, found “%3”. Nothing was imported.")
                         .arg(file, expected, found);
    }
    return QCoreApplication::translate(
               "dtsim::ui::ImportTexts",
               "%1, line %2: expected %3, found “%4”. Nothing was imported.")
        .arg(file)
        .arg(error.line)
        .arg(expected, found);
}

} // namespace dtsim::ui
