#include "common/files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace dtsim::common {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::Files", text);
}

QString cannotWrite(const QString& path, const QString& reason)
{
    return tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), reason);
}

/// Reads `file` (open) to its end or past `maxBytes`.
FileRead readCapped(QFile& file, qint64 maxBytes)
{
    FileRead result;
    QByteArray bytes;
    constexpr qint64 kChunk = 64 * 1024;
    for (;;) {
        const qint64 room = std::min(kChunk, maxBytes + 1 - bytes.size());
        const qsizetype before = bytes.size();
        bytes.resize(before + static_cast<qsizetype>(room));
        const qint64 got = file.read(bytes.data() + before, room);
        if (got < 0) {
            result.problem = FileRead::Problem::ReadError;
            result.reason = file.errorString();
            return result;
        }
        bytes.resize(before + static_cast<qsizetype>(got));
        if (bytes.size() > maxBytes) {
            result.problem = FileRead::Problem::TooLarge;
            return result;
        }
        if (got == 0) {
            break; // the end
        }
    }
    result.bytes = std::move(bytes);
    return result;
}

/// Flushes `file` and syncs it to disk: a translated error naming the file, or "" (cancelled on
/// an error, so the old file at `path` stays).
QString syncFile(QSaveFile& file, const QString& path)
{
    // Whatever went wrong before (a write the caller did not check, an encoder's write): the
    // device remembers it.
    // (Cancelled, the QSaveFile removes its temporary file when it goes; the old file stays.)
    if (file.error() != QFileDevice::NoError) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return cannotWrite(path, reason);
    }
    // The buffered rest goes to disk here: a full disk shows on this flush, which commit()
    // would not report.
    errno = 0;
    if (!file.flush()) {
        // Qt reports "Unknown error" for a failed flush; the system's reason is in errno.
        const QString reason =
            errno != 0 ? QString::fromLocal8Bit(std::strerror(errno)) : file.errorString();
        file.cancelWriting();
        return cannotWrite(path, reason);
    }
#ifdef Q_OS_UNIX
    // Some file systems report a full disk only when the data reaches it; commit() syncs too
    // but ignores the answer. EINVAL / ENOTSUP: this file cannot be synced, nothing is wrong.
    if (::fsync(file.handle()) != 0 && errno != EINVAL && errno != ENOTSUP) {
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));
        file.cancelWriting();
        return cannotWrite(path, reason);
    }
#endif
    return {};
}

} // namespace

QString openForWriting(QSaveFile& file, const QString& path)
{
    // Writing through a temporary file renames it over the path: a FIFO, a device or a folder
    // there (or a link to one) would be replaced by a plain file, not written to.
    if (const QFileInfo existing(path); existing.exists() && !existing.isFile()) {
        return tr("Could not write %1: it is not a regular file (a folder, a device or a pipe); "
                  "choose a file name.")
            .arg(QDir::toNativeSeparators(path));
    }
    if (!file.open(QIODevice::WriteOnly)) {
        return tr("Could not open %1 for writing: %2")
            .arg(QDir::toNativeSeparators(path), file.errorString());
    }
    return {};
}

QString commitFile(QSaveFile& file, const QString& path)
{
    if (auto error = syncFile(file, path); !error.isEmpty()) {
        return error;
    }
    if (!file.commit()) {
        return cannotWrite(path, file.errorString());
    }
    return {};
}

QString writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    return writeFilesAtomically({{path, bytes}});
}

QString writeFilesAtomically(const QList<FileContents>& files, QStringList* committed)
{
    // Uncommitted, a QSaveFile removes its temporary file when it goes: any return before the
    // renames leaves the folder as it was.
    std::vector<std::unique_ptr<QSaveFile>> saves;
    for (const auto& [path, bytes] : files) {
        auto& file = *saves.emplace_back(std::make_unique<QSaveFile>(path));
        if (auto error = openForWriting(file, path); !error.isEmpty()) {
            return error;
        }
        errno = 0;
        if (file.write(bytes) != bytes.size()) {
            // Qt often reports "Unknown error" here; the system's reason is in errno.
            const QString reason =
                errno != 0 ? QString::fromLocal8Bit(std::strerror(errno)) : file.errorString();
            file.cancelWriting();
            return cannotWrite(path, reason);
        }
        if (auto error = syncFile(file, path); !error.isEmpty()) {
            return error;
        }
    }
    for (std::size_t i = 0; i < saves.size(); ++i) {
        const QString& path = files[static_cast<qsizetype>(i)].path;
        if (!saves[i]->commit()) {
            return cannotWrite(path, saves[i]->errorString());
        }
        if (committed) {
            *committed << path;
        }
    }
    return {};
}

FileRead readWholeFile(const QString& path, qint64 maxBytes)
{
    FileRead result;
    QFile file;
#ifdef Q_OS_UNIX
    // The system's own answer: QFileInfo::exists() is false for a loop of symbolic links and for
    // a folder that cannot be searched, which would read as "no such file".
    struct stat before {};
    if (::stat(QFile::encodeName(path).constData(), &before) != 0) {
        result.problem = errno == ENOENT || errno == ENOTDIR ? FileRead::Problem::Missing
                                                             : FileRead::Problem::CannotOpen;
        result.reason = QString::fromLocal8Bit(std::strerror(errno));
        return result;
    }
    if (!S_ISREG(before.st_mode)) {
        result.problem = FileRead::Problem::NotRegular;
        return result;
    }
    // Opened without blocking and checked again on the descriptor: the path may have become a
    // FIFO since the check above, and opening a FIFO without a writer waits for one.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        result.problem =
            errno == ENOENT ? FileRead::Problem::Missing : FileRead::Problem::CannotOpen;
        result.reason = QString::fromLocal8Bit(std::strerror(errno));
        return result;
    }
    struct stat status {};
    if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(fd);
        result.problem = FileRead::Problem::NotRegular;
        return result;
    }
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        result.problem = FileRead::Problem::CannotOpen;
        result.reason = file.errorString();
        return result;
    }
#else
    const QFileInfo info(path);
    if (!info.exists()) {
        result.problem = FileRead::Problem::Missing;
        return result;
    }
    if (!info.isFile()) {
        result.problem = FileRead::Problem::NotRegular;
        return result;
    }
    file.setFileName(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.problem = FileRead::Problem::CannotOpen;
        result.reason = file.errorString();
        return result;
    }
#endif
    return readCapped(file, maxBytes);
}

FileRead readStandardInput(qint64 maxBytes)
{
    QFile file;
    if (!file.open(stdin, QIODevice::ReadOnly)) {
        FileRead result;
        result.problem = FileRead::Problem::CannotOpen;
        result.reason = file.errorString();
        return result;
    }
    return readCapped(file, maxBytes);
}

} // namespace dtsim::common
