#include "ui/kit/problemtext.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/scenario/scenario.h"
#include "simcore/scenario/text.h"
#include "ui/kit/keytexts.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace dtsim::ui {

namespace {

QString labelOf(const std::string& key)
{
    return accessibleLabel(keyText(QString::fromStdString(key)).label);
}

QString whole(std::int64_t value)
{
    return common::formatWhole(value);
}

// Keys inside a rule's English wording ("a divisor of model.heads") shown by their labels.
QString withLabels(const std::string& text)
{
    static const QRegularExpression key(QStringLiteral("\\b[a-z]+\\.[a-z_]+\\b"));
    QString out = QString::fromStdString(simcore::textutil::visible(text));
    QString result;
    qsizetype last = 0;
    for (auto it = key.globalMatch(out); it.hasNext();) {
        const auto match = it.next();
        result += out.mid(last, match.capturedStart() - last);
        const std::string name = match.captured().toStdString();
        result += simcore::findKey(name) ? labelOf(name) : match.captured();
        last = match.capturedEnd();
    }
    return result + out.mid(last);
}

// What the layout rule asks, from its figures (simcore::LayoutRule).
QString ruleSentence(const simcore::ScenarioError& error)
{
    using Rule = simcore::LayoutRule;
    const auto& n = error.numbers;
    const auto at = [&n](std::size_t i) { return i < n.size() ? n[i] : 0; };
    switch (error.rule) {
    case Rule::None:
        break;
    case Rule::GpusProduct:
        return at(1) > 0 && at(0) % at(1) == 0
                   ? QCoreApplication::translate(
                         "ProblemText",
                         "does not fit the cluster: dp × tp × pp × cp must equal its %1 GPUs, so "
                         "with tp × pp × cp = %2, dp is %3.")
                         .arg(whole(at(0)), whole(at(1)), whole(at(0) / at(1)))
                   : QCoreApplication::translate(
                         "ProblemText",
                         "does not fit the cluster: dp × tp × pp × cp must equal its %1 GPUs, "
                         "which are no multiple of tp × pp × cp = %2.")
                         .arg(whole(at(0)), whole(at(1)));
    case Rule::DividesHeads:
        return QCoreApplication::translate(
                   "ProblemText",
                   "must divide the %1 attention heads: each GPU computes whole heads.")
            .arg(whole(at(0)));
    case Rule::DividesHidden:
        return QCoreApplication::translate("ProblemText", "must divide the hidden size %1.")
            .arg(whole(at(0)));
    case Rule::ChunksPerStage:
        return QCoreApplication::translate(
                   "ProblemText",
                   "must be at most %1: %2 layers over %3 stages, at least one layer per chunk.")
            .arg(whole(at(1) > 0 ? at(0) / at(1) : 0), whole(at(0)), whole(at(1)));
    case Rule::DividesLayers:
        return at(1) > 1 ? QCoreApplication::translate(
                               "ProblemText",
                               "must, times v = %2, divide the %1 layers, so every chunk holds the "
                               "same whole number of layers.")
                               .arg(whole(at(0)), whole(at(1)))
                         : QCoreApplication::translate(
                               "ProblemText",
                               "must divide the %1 layers, so every stage holds the same whole "
                               "number of layers.")
                               .arg(whole(at(0)));
    case Rule::DividesSequence:
        return at(1) > 0 ? QCoreApplication::translate(
                               "ProblemText",
                               "must, times tp = %2, divide the sequence length %1 (sequence "
                               "parallelism splits each part over tp).")
                               .arg(whole(at(0)), whole(at(1)))
                         : QCoreApplication::translate("ProblemText",
                                                       "must divide the sequence length %1.")
                               .arg(whole(at(0)));
    case Rule::BatchPerStep:
        return QCoreApplication::translate("ProblemText",
                                           "must be a multiple of micro-batch × dp = %1: each "
                                           "replica runs m = B / (b × dp) "
                                           "whole micro-batches.")
            .arg(whole(at(0)));
    case Rule::InterleavedMicrobatches:
        return QCoreApplication::translate(
                   "ProblemText",
                   "must be a multiple of micro-batch × dp × pp = %1 for the interleaved schedule "
                   "(now m = %2 micro-batches).")
            .arg(whole(at(0)), whole(at(1)));
    case Rule::DualPipeEvenStages:
        return QCoreApplication::translate(
            "ProblemText", "must be even for DualPipe: half the micro-batches enter at each end.");
    case Rule::DualPipeMicrobatches:
        return QCoreApplication::translate(
                   "ProblemText",
                   "must give an even m of at least %1 (2 × pp) for DualPipe (now m = %2).")
            .arg(whole(at(0)), whole(at(1)));
    case Rule::ZeroBubbleMicrobatches:
        return QCoreApplication::translate("ProblemText", "must give at least %1 micro-batches for "
                                                          "this zero-bubble schedule (now m = %2).")
            .arg(whole(at(0)), whole(at(1)));
    }
    return {};
}

} // namespace

QString describeProblem(const simcore::ScenarioError& error)
{
    using Kind = simcore::ScenarioError::Kind;
    const QString label = labelOf(error.key);
    const QString given = QString::fromStdString(simcore::textutil::visible(error.given));
    const QString allowed = withLabels(error.allowed);
    switch (error.kind) {
    case Kind::UnknownKey:
    case Kind::Syntax:
        return common::describeError(error);
    case Kind::NotANumber:
        return QCoreApplication::translate("ProblemText",
                                           "%1: '%2' is not a finite number; allowed: %3.")
            .arg(label, given, allowed);
    case Kind::NotAnInteger:
        return QCoreApplication::translate("ProblemText",
                                           "%1: '%2' is not a whole number; allowed: %3.")
            .arg(label, given, allowed);
    case Kind::OutOfRange:
        return QCoreApplication::translate("ProblemText", "%1: %2 is out of range; allowed: %3.")
            .arg(label, given, allowed);
    case Kind::NotAChoice:
        return QCoreApplication::translate("ProblemText", "%1: '%2' is not allowed; allowed: %3.")
            .arg(label, given, allowed);
    case Kind::Inconsistent:
        if (const QString sentence = ruleSentence(error); !sentence.isEmpty()) {
            //: A layout rule: the control's label, its value, then what the rule asks
            return QCoreApplication::translate("ProblemText", "%1 = %2 %3")
                .arg(label, given, sentence);
        }
        return error.detail.empty()
                   ? QCoreApplication::translate("ProblemText", "%1: %2 must be %3.")
                         .arg(label, given, allowed)
                   : QCoreApplication::translate("ProblemText", "%1: %2 must be %3 (%4).")
                         .arg(label, given, allowed, withLabels(error.detail));
    }
    return common::describeError(error);
}

QString problemKeysTip(const simcore::ScenarioError& error)
{
    return QString::fromStdString(error.message());
}

} // namespace dtsim::ui
