#pragma once
// Seeded pseudo-random numbers that are the same bit for bit on every platform. The standard
// library's distributions are implementation-defined (std::exponential_distribution differs between
// libstdc++, libc++ and MSVC) and libm's log may differ in the last bit, so dtsim uses neither:
// integer generators from their published algorithms, uniforms from the top 53 bits, and a
// logarithm built only from IEEE-754 +, −, ×, ÷ (each correctly rounded, so identical everywhere).
//
// Algorithms (code written for dtsim from the published descriptions):
// - SplitMix64: G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
//   generators", OOPSLA 2014; the constants are those of S. Vigna's reference splitmix64.c.
// - xoshiro256** 1.0: D. Blackman, S. Vigna, "Scrambled linear pseudorandom number generators",
//   ACM Trans. Math. Softw. 47(4), 2021, with the jump polynomial published there (2^128 steps).

#include <array>
#include <cmath>
#include <cstdint>

namespace simcore {

/// SplitMix64 (Steele, Lea & Flood 2014): a 64-bit counter passed through a mixing function. Used
/// here only to expand one 64-bit seed into xoshiro256**'s 256-bit state, as Blackman & Vigna
/// advise.
class SplitMix64 {
public:
    /// Any 64-bit seed, 0 included.
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    /// The next 64 uniformly distributed bits. Seed 0 gives 0xe220a8397b1dcdaf first.
    std::uint64_t next()
    {
        m_state += 0x9e3779b97f4a7c15ULL; // the golden-ratio increment
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t m_state;
};

/// ln(x) for finite x > 0 from +, −, ×, ÷ only, so the result is identical on every IEEE-754
/// platform (no libm, no fused multiply-add: each step is its own statement). Method: x = m·2^e
/// with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.1716, by its odd series to
/// s^25 (truncation < 1e-17 relative); e·ln 2 with ln 2 split in two parts (Cody & Waite 1980,
/// constants as in fdlibm). Accurate to a few ulp. Returns 0 for x ≤ 0 or non-finite x (callers
/// pass only (0, 1]).
inline double portableLog(double x)
{
    if (!(x > 0.0) || !std::isfinite(x)) {
        return 0.0;
    }
    constexpr double kLn2High =
        6.93147180369123816490e-01; // 0x3fe62e42fee00000: e·kLn2High is exact
    constexpr double kLn2Low = 1.90821492927058770002e-10; // ln 2 − kLn2High
    constexpr double kSqrtHalf = 0.70710678118654752440;
    int exponent = 0;
    double m = std::frexp(x, &exponent); // exact: x = m·2^exponent, m in [0.5, 1)
    if (m < kSqrtHalf) {
        m = m * 2.0; // exact
        exponent -= 1;
    }
    const double s = (m - 1.0) / (m + 1.0);
    const double s2 = s * s;
    // Horner for 1 + s²/3 + s⁴/5 + … + s²⁴/25.
    double series = 1.0 / 25.0;
    for (int k = 23; k >= 1; k -= 2) {
        const double scaled = series * s2;
        series = scaled + 1.0 / k;
    }
    const double twoS = 2.0 * s;
    const double lnM = twoS * series;
    const double e = exponent;
    const double low = e * kLn2Low;
    const double high = e * kLn2High;
    const double sum = lnM + low;
    return sum + high;
}

/// xoshiro256** 1.0 (Blackman & Vigna 2021): 256-bit state, period 2^256 − 1, passes BigCrush.
/// Reproducible: the same seed gives the same sequence on every platform and compiler.
class Xoshiro256StarStar {
public:
    using State = std::array<std::uint64_t, 4>;

    /// Seeds the 256-bit state with four SplitMix64 outputs of `seed` (any value, 0 included),
    /// as Blackman & Vigna recommend; this never yields the forbidden all-zero state.
    explicit Xoshiro256StarStar(std::uint64_t seed)
    {
        SplitMix64 expander(seed);
        for (auto& word : m_state) {
            word = expander.next();
        }
    }

    /// A generator with exactly this state (must not be all zero), for reference-vector tests.
    static Xoshiro256StarStar fromState(const State& state)
    {
        Xoshiro256StarStar generator(0);
        generator.m_state = state;
        return generator;
    }

    /// The current state, e.g. to compare two generators.
    [[nodiscard]] const State& state() const { return m_state; }

    /// The next 64 uniformly distributed bits.
    std::uint64_t next()
    {
        const std::uint64_t result = rotateLeft(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotateLeft(m_state[3], 45);
        return result;
    }

    /// Advances the state by 2^128 calls of next() (the published jump polynomial): run i of a
    /// batch uses the stream jumped i times, so runs never overlap and do not depend on each other.
    void jump()
    {
        static constexpr std::array<std::uint64_t, 4> kJump{
            0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL,
            0x39abdc4529b1661cULL};
        State jumped{0, 0, 0, 0};
        for (const std::uint64_t word : kJump) {
            for (int bit = 0; bit < 64; ++bit) {
                if ((word >> bit) & 1U) {
                    for (std::size_t i = 0; i < jumped.size(); ++i) {
                        jumped[i] ^= m_state[i];
                    }
                }
                next();
            }
        }
        m_state = jumped;
    }

    /// A uniform double in (0, 1]: (k + 1)·2^−53 with k the top 53 bits of next(). Never 0, so its
    /// logarithm is always finite; exactly representable, so identical on every platform.
    double uniformOpenClosed()
    {
        const std::uint64_t k = next() >> 11;
        return static_cast<double>(k + 1) * 0x1.0p-53;
    }

    /// An exponential variate with the given mean (seconds, > 0), by inversion: −mean·ln U with
    /// U uniform in (0, 1]. Range [0, 36.74·mean] (U ≥ 2^−53).
    double exponential(double mean) { return mean * (0.0 - portableLog(uniformOpenClosed())); }

private:
    static std::uint64_t rotateLeft(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    State m_state{};
};

/// A standard normal by Marsaglia's polar method: only +, −, ×, ÷, √ and the portable
/// logarithm, so a seed gives the same numbers everywhere.
inline double standardNormal(Xoshiro256StarStar& rng)
{
    for (;;) {
        const double u = 2.0 * rng.uniformOpenClosed() - 1.0;
        const double v = 2.0 * rng.uniformOpenClosed() - 1.0;
        const double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) {
            return u * std::sqrt(-2.0 * portableLog(s) / s);
        }
    }
}

} // namespace simcore
