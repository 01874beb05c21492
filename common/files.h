#pragma once
// Files read and written whole: a read takes at most a cap of bytes from a regular file (never a
// device or a pipe that could run for ever or block); a write goes through QSaveFile, and a
// failed write — any write, the last flush or the commit — keeps the old file.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

class QSaveFile;

namespace dtsim::common {

/// Opens `file` (a QSaveFile for `path`) for writing; a translated error naming the file, or "".
/// Something at `path` that is not a regular file (a FIFO, a device, a folder) is refused.
QString openForWriting(QSaveFile& file, const QString& path);
/// Flushes and commits `file`: a translated error naming the file and the reason, or "". On an
/// error the temporary file is removed and the old file at `path` is untouched. (QSaveFile's own
/// commit() ignores a failed final flush and renames a truncated file over the old one.)
QString commitFile(QSaveFile& file, const QString& path);
/// Writes `bytes` to `path` atomically; a translated error naming the file and the reason, or "".
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

/// One file of a set written together.
struct FileContents {
    QString path;
    QByteArray bytes;
};
/// Writes a set of files that belong together (a panel's CSV tables): every file goes to a
/// temporary file first, and only when all of them are written and on disk are they renamed
/// over their paths. A translated error naming the first file that failed, or "": on an error
/// before the renames no file of the set is created or changed. `committed`, when given, gets
/// the paths renamed in place: all of them, or on an error those before a failed rename.
QString writeFilesAtomically(const QList<FileContents>& files, QStringList* committed = nullptr);

/// What readWholeFile found.
struct FileRead {
    enum class Problem {
        None,
        Missing,    ///< no file at that path
        NotRegular, ///< a directory, a device (/dev/zero), a FIFO, a socket
        CannotOpen, ///< permissions, a loop of symbolic links and the like: `reason` says
        TooLarge,   ///< more than the cap (counted as read, not as the file system reports)
        ReadError,  ///< the read failed midway: `reason` says
    };
    std::optional<QByteArray> bytes; ///< set when Problem::None
    Problem problem = Problem::None;
    QString reason; ///< the system's words for CannotOpen and ReadError
};

/// The largest measurement log (nccl-tests output, `nvidia-smi topo -m`) dtsim reads: far above
/// any real one, so a device, a wrong file or a hostile one is refused before it is parsed.
inline constexpr qint64 kMaxMeasurementLogBytes = 64 * 1024 * 1024;

/// Reads a regular file of at most `maxBytes` bytes. A path that is not a regular file is
/// refused before it is opened for good (a FIFO without a writer would block the open), and the
/// cap counts the bytes actually read (a file can grow while it is read).
FileRead readWholeFile(const QString& path, qint64 maxBytes);
/// Reads standard input to its end, at most `maxBytes` bytes (TooLarge past them).
FileRead readStandardInput(qint64 maxBytes);

} // namespace dtsim::common
