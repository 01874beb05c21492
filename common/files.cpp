#include "common/files.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

namespace dtsim::common {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::Files", text);
}

} // namespace

QString openForWriting(QSaveFile& file, const QString& path)
{
    if (!file.open(QIODevice::WriteOnly)) {
        return tr("Could not open %1 for writing: %2")
            .arg(QDir::toNativeSeparators(path), file.errorString());
    }
    return {};
}

QString commitFile(QSaveFile& file, const QString& path)
{
    if (!file.commit()) {
        return tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    }
    return {};
}

QString writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (auto error = openForWriting(file, path); !error.isEmpty()) {
        return error;
    }
    if (file.write(bytes) != bytes.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), reason);
    }
    return commitFile(file, path);
}

} // namespace dtsim::common
