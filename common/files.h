#pragma once
// Writing files whole or not at all: a failed write keeps the old file (QSaveFile).

#include <QString>

class QByteArray;
class QSaveFile;

namespace dtsim::common {

/// Opens `file` (a QSaveFile for `path`) for writing; a translated error naming the file, or "".
QString openForWriting(QSaveFile& file, const QString& path);
/// Commits `file`; a translated error naming the file and the reason, or "".
QString commitFile(QSaveFile& file, const QString& path);
/// Writes `bytes` to `path` atomically; a translated error, or "".
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

} // namespace dtsim::common
