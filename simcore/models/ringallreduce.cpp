#include "simcore/models/ringallreduce.h"

#include <algorithm>
#include <utility>

namespace simcore {

ChunkRange ringChunk(std::size_t length, std::int64_t workers, std::int64_t chunk)
{
    const auto n = static_cast<std::size_t>(workers);
    const auto c = static_cast<std::size_t>(chunk);
    const std::size_t base = length / n;
    const std::size_t longer = length % n; // the first `longer` chunks carry one extra element
    const std::size_t begin = c * base + std::min(c, longer);
    const std::size_t size = base + (c < longer ? 1 : 0);
    return {begin, begin + size};
}

RingTrace ringAllReduce(std::vector<std::vector<float>> buffers, bool recordBuffers)
{
    RingTrace trace;
    if (buffers.empty()) {
        trace.error = RingError{RingError::Kind::NoWorkers, 0};
        return trace;
    }
    const std::size_t length = buffers.front().size();
    for (std::size_t w = 1; w < buffers.size(); ++w) {
        if (buffers[w].size() != length) {
            trace.error = RingError{RingError::Kind::UnequalLengths, static_cast<std::int64_t>(w)};
            return trace;
        }
    }

    const auto n = static_cast<std::int64_t>(buffers.size());
    const auto wrap = [n](std::int64_t i) { return ((i % n) + n) % n; };
    const auto divisor = static_cast<float>(n);
    trace.workers = n;
    trace.length = length;
    trace.initial = buffers;
    trace.bytesSent.assign(buffers.size(), 0);
    trace.steps.reserve(static_cast<std::size_t>(2 * (n - 1)));

    for (const RingPhase phase : {RingPhase::ReduceScatter, RingPhase::AllGather}) {
        for (std::int64_t s = 0; s < n - 1; ++s) {
            RingStep step;
            step.phase = phase;
            step.index = s;
            step.sends.reserve(buffers.size());
            // All sends of a step happen at once: copy every outgoing chunk before any receiver
            // changes its buffer.
            for (std::int64_t i = 0; i < n; ++i) {
                const std::int64_t chunk =
                    phase == RingPhase::ReduceScatter ? wrap(i - s) : wrap(i + 1 - s);
                const ChunkRange range = ringChunk(length, n, chunk);
                const auto& source = buffers[static_cast<std::size_t>(i)];
                RingSend send{
                    i, wrap(i + 1), chunk, range,
                    std::vector<float>(source.begin() + static_cast<std::ptrdiff_t>(range.begin),
                                       source.begin() + static_cast<std::ptrdiff_t>(range.end))};
                trace.bytesSent[static_cast<std::size_t>(i)] += range.size() * sizeof(float);
                step.sends.push_back(std::move(send));
            }
            const bool lastReduce = phase == RingPhase::ReduceScatter && s == n - 2;
            for (const RingSend& send : step.sends) {
                auto& target = buffers[static_cast<std::size_t>(send.to)];
                for (std::size_t k = 0; k < send.values.size(); ++k) {
                    float& element = target[send.range.begin + k];
                    if (phase == RingPhase::ReduceScatter) {
                        element += send.values[k];
                        if (lastReduce) {
                            element /= divisor; // the chunk is now complete: take the mean once
                        }
                    } else {
                        element = send.values[k];
                    }
                }
            }
            if (recordBuffers) {
                step.buffers = buffers;
            }
            trace.steps.push_back(std::move(step));
        }
    }
    trace.result = std::move(buffers);
    return trace;
}

std::int64_t ringStepCount(std::int64_t workers)
{
    return workers > 1 ? 2 * (workers - 1) : 0;
}

std::vector<std::vector<float>> ringDemoBuffers(std::int64_t workers)
{
    std::vector<std::vector<float>> buffers;
    if (workers < 1) {
        return buffers;
    }
    const auto n = static_cast<std::size_t>(workers);
    buffers.assign(n, std::vector<float>(n));
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t c = 0; c < n; ++c) {
            buffers[i][c] = static_cast<float>(i * n + c + 1);
        }
    }
    return buffers;
}

std::vector<double> seedAverage(const std::vector<std::vector<float>>& buffers)
{
    if (buffers.empty()) {
        return {};
    }
    const std::size_t length = buffers.front().size();
    const auto n = static_cast<double>(buffers.size());
    std::vector<double> averaged(length, 0.0);
    for (std::size_t p = 0; p < length; ++p) {
        double sum = 0;
        for (const auto& worker : buffers) {
            sum += static_cast<double>(worker[p]);
        }
        averaged[p] = sum / n;
    }
    return averaged;
}

} // namespace simcore
