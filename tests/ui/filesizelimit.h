#pragma once
// A full disk, made on demand: while a FileSizeLimit lives, no file this process writes can grow
// past `bytes` (RLIMIT_FSIZE), and a write past it fails with EFBIG ("File too large") instead of
// the SIGXFSZ that would end the process.

#include <catch2/catch.hpp>
#include <csignal>
#include <sys/resource.h>

namespace testing {

class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        REQUIRE(::getrlimit(RLIMIT_FSIZE, &m_old) == 0);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = m_old;
        limited.rlim_cur = bytes;
        REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};

} // namespace testing
