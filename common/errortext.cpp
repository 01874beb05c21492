#include "common/errortext.h"

#include "simcore/scenario/text.h"

#include <QCoreApplication>

namespace dtsim::common {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::ErrorText", text);
}
} // namespace

QString describeError(const simcore::ScenarioError& error)
{
    using Kind = simcore::ScenarioError::Kind;
    // Shown, never obeyed: what was given may hold control characters from a file.
    const QString key = QString::fromStdString(simcore::textutil::visible(error.key));
    const QString given = QString::fromStdString(simcore::textutil::visible(error.given));
    const QString allowed = QString::fromStdString(error.allowed);
    switch (error.kind) {
    case Kind::UnknownKey:
        // A key dtsim once read says what replaced it (simcore names it in `detail`).
        return error.detail.empty()
                   ? tr("Unknown key '%1' (dtsim keys lists them).").arg(key)
                   : tr("Unknown key '%1': %2.").arg(key, QString::fromStdString(error.detail));
    case Kind::NotANumber:
        return tr("%1: '%2' is not a finite number; allowed: %3.").arg(key, given, allowed);
    case Kind::NotAnInteger:
        return tr("%1: '%2' is not a whole number; allowed: %3.").arg(key, given, allowed);
    case Kind::OutOfRange:
        return tr("%1: '%2' is out of range; allowed: %3.").arg(key, given, allowed);
    case Kind::NotAChoice:
        return tr("%1: '%2' is not allowed; allowed: %3.").arg(key, given, allowed);
    case Kind::Inconsistent:
        return tr("%1: '%2' must be %3 (%4).")
            .arg(key, given, allowed, QString::fromStdString(error.detail));
    case Kind::Syntax:
        return tr("'%1': expected KEY=VALUE.").arg(given);
    }
    return QString::fromStdString(error.message());
}

} // namespace dtsim::common
