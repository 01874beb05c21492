#include "ui/shell/lessonguide.h"

#include "simcore/reports/lessonanswers.h"
#include "ui/kit/appearance.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

namespace dtsim::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::ui::LessonGuide", text);
}

/// The model's answer to `question` (simcore/reports/lessonanswers.h) in the step's unit: `unit` of
/// the answer's SI unit (1e9 for GB of bytes, 3600 for hours of seconds, 0.01 for % of a fraction).
std::function<double()> answerIn(simcore::LessonQuestion question, double unit)
{
    return [question, unit] { return simcore::lessonAnswer(question) / unit; };
}

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

} // namespace

QList<LessonStep> lessonSteps()
{
    using simcore::Scenario;
    QList<LessonStep> steps;
    const auto lessonDefaults = [](const Scenario&) { return std::optional<Scenario>(Scenario{}); };
    // §1 is about one GPU: the model states alone outgrow it (the defaults split them 32 ways).
    const auto oneGpu = [](const Scenario&) {
        Scenario s;
        s.parallel.dp = 1;
        s.parallel.tp = 1;
        s.parallel.pp = 1;
        s.parallel.zero = 0;
        return std::optional<Scenario>(s);
    };

    steps.append({QStringLiteral("scaling"), tr("Why not just add more GPUs?"),
                  tr("The lesson's thesis: past some number of workers, the cost of talking to "
                     "each other outweighs the compute they share, and a step gets slower."),
                  tr("With the lesson's constants, at how many workers is a step fastest?"),
                  tr("workers"), 0, lessonDefaults,
                  answerIn(simcore::LessonQuestion::OptimalWorkers, 1),
                  tr("The model says %1: T_compute / N keeps falling, but the sync cost grows "
                     "with every extra worker.")});

    steps.append(
        {QStringLiteral("memory"), tr("§1 Why one GPU is not enough"),
         tr("Training keeps more than the weights: a gradient per weight and Adam's two "
            "moments. In FP32 that is 4 + 4 + 8 = 16 bytes per parameter."),
         tr("How much memory does training a 7-billion-parameter model with FP32 and Adam need, "
            "before activations (in GiB)?"),
         tr("GiB"), 1, oneGpu, answerIn(simcore::LessonQuestion::Fp32AdamMemory7B, kGiB),
         tr("%1 — more than a 24 GB consumer GPU and more than one 80 GB data-centre GPU. "
            "The work has to be split.")});

    steps.append({QStringLiteral("parallelism"), tr("§2 Data, model and pipeline parallelism"),
                  tr("Data parallelism splits the batch, tensor (model) parallelism splits each "
                     "layer's weights, pipeline parallelism splits the layers into stages. A "
                     "pipeline leaves GPUs idle while it fills and drains: the bubble."),
                  tr("GPipe with 4 stages and 8 micro-batches: what share of the time is "
                     "bubble (in %)?"),
                  tr("%"), 1,
                  [](const Scenario& current) {
                      Scenario s = current;
                      s.parallel.pp = 4;
                      s.parallel.microbatches = 8;
                      s.parallel.schedule = simcore::PipelineSchedule::GPipe;
                      return std::optional<Scenario>(s);
                  },
                  answerIn(simcore::LessonQuestion::GpipeBubble4x8, 0.01),
                  tr("%1: (p − 1) / (m + p − 1) = 3 / 11. More micro-batches shrink it.")});

    steps.append(
        {QStringLiteral("communication"), tr("§3 Averaging gradients: all-reduce"),
         tr("Every worker must end the step with the same mean gradient. A ring all-reduce "
            "only talks to its neighbours: reduce-scatter, then all-gather, 2(N − 1) steps."),
         tr("A ring all-reduce of 1 GB over 8 GPUs: how many GB does each GPU send?"), tr("GB"), 2,
         [](const Scenario& current) {
             Scenario s = current;
             s.collective.algorithm = simcore::CommAlgorithm::Ring;
             s.collective.workers = 8;
             s.collective.bytes = 1e9;
             return std::optional<Scenario>(s);
         },
         answerIn(simcore::LessonQuestion::RingBytesSent8Gpus1GB, 1e9),
         tr("%1 = 2 × 7/8 × 1 GB, and it stays under 2 GB however many GPUs join. A naive "
            "exchange would grow with N.")});

    steps.append(
        {QStringLiteral("checkpoint"), tr("§3 Checkpoints"),
         tr("On thousands of GPUs a failure somewhere is routine. Saving often costs write "
            "time; saving rarely loses more work when a failure strikes."),
         tr("16,384 GPUs, each failing on average once in 50,000 hours: how many hours between "
            "failures of the whole job?"),
         tr("h"), 2,
         [](const Scenario& current) {
             Scenario s = current;
             s.checkpoint.gpus = 16384;
             s.checkpoint.gpuMtbfSeconds = 5e4 * 3600;
             return std::optional<Scenario>(s);
         },
         answerIn(simcore::LessonQuestion::ClusterMtbf16384Gpus, 3600),
         tr("%1: the cluster fails N times as often as one GPU. Llama 3 saw a job "
            "interruption about every 3 hours.")});

    steps.append({QStringLiteral("scaling"), tr("§4 Sharding and communication overhead"),
                  tr("T_step(N) = T_compute / N + T_sync(N): the first term falls with N, the "
                     "second rises."),
                  tr("With the lesson's constants, how long is a step on 64 workers (in ms)? "
                     "(16 workers take 142.5 ms.)"),
                  tr("ms"), 1,
                  [](const Scenario&) {
                      Scenario s;
                      s.scaling.workers = 64;
                      return std::optional<Scenario>(s);
                  },
                  answerIn(simcore::LessonQuestion::LessonStep64Workers, 1e-3),
                  tr("%1: four times the workers, twice the step time of N = 16.")});

    steps.append(
        {QStringLiteral("scaling"),
         tr("§5 The simulator"),
         tr("Solid bars are the real step time with its overhead; hatched bars are the ideal "
            "T(1)/N. Drag the worker slider and watch the gap widen. Switch the model to "
            "Physical to price the same step from FLOPs, GPU peak and the links."),
         QString(),
         QString(),
         0,
         lessonDefaults,
         {},
         QString()});

    steps.append(
        {QStringLiteral("scaling"), tr("Topology: the wiring bounds the all-reduce"),
         tr("Inside a node GPUs talk over NVLink (450 GB/s each way on H100); between nodes, "
            "here, over one InfiniBand link per node (50 GB/s). A ring that crosses nodes runs "
            "at its slowest hop."),
         tr("A 7B model on H100s with a small batch: how many times slower is a step on 16 "
            "GPUs (two nodes) than on 8 (one node)?"),
         tr("×"), 1,
         [](const Scenario& current) {
             return std::optional(simcore::lessonNodeBoundaryScenario(current));
         },
         answerIn(simcore::LessonQuestion::NodeBoundarySlowdown, 1),
         tr("%1: twice the GPUs, a slower step — the gradients now cross the slow link. The "
            "Topology panel shows which link it is.")});
    return steps;
}

LessonGuide::LessonGuide(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("lessonGuide"));
    auto* layout = new QVBoxLayout(this);
    m_counter = new QLabel;
    m_title = new QLabel;
    setRelativeFont(m_title, 1.2, true);
    m_title->setWordWrap(true);
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_question = new QLabel;
    m_question->setWordWrap(true);
    setRelativeFont(m_question, 1.0, true);
    m_guess = new QDoubleSpinBox;
    m_guess->setRange(0, 1e9);
    m_question->setBuddy(m_guess); // a screen reader names the guess box by the question
    m_reveal = new QPushButton;
    auto* guessRow = new QHBoxLayout;
    guessRow->addWidget(m_guess, 1);
    guessRow->addWidget(m_reveal);
    m_answer = new QLabel;
    m_answer->setWordWrap(true);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_show = new QPushButton;
    m_previous = new QPushButton;
    m_next = new QPushButton;
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_next);

    layout->addWidget(m_counter);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_show);
    layout->addSpacing(8);
    layout->addWidget(m_question);
    layout->addLayout(guessRow);
    layout->addWidget(m_answer);
    layout->addStretch(1);
    layout->addLayout(navigation);

    connect(m_reveal, &QPushButton::clicked, this, &LessonGuide::reveal);
    connect(m_previous, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(m_step + 1); });
    connect(m_show, &QPushButton::clicked, this, [this] {
        const LessonStep& step = m_steps[m_step];
        simcore::Scenario current;
        emit scenarioNeeded(&current);
        emit showRequested(step.panelId,
                           step.setup ? step.setup(current) : std::optional<simcore::Scenario>());
    });
    retranslate();
}

void LessonGuide::setStep(int index)
{
    if (index < 0 || index >= stepCount()) {
        return;
    }
    m_step = index;
    showStep();
}

void LessonGuide::retranslate()
{
    m_steps = lessonSteps();
    m_reveal->setText(tr("Reveal"));
    m_reveal->setToolTip(tr("Compare your guess with what the model computes."));
    m_show->setText(tr("Show me on the panel"));
    m_show->setToolTip(tr("Open the panel for this step with the settings it talks about. "
                          "Undo (Ctrl+Z) brings your own settings back."));
    m_previous->setText(tr("← Previous"));
    m_next->setText(tr("Next →"));
    m_guess->setToolTip(tr("Your prediction, before you reveal the answer."));
    showStep();
}

void LessonGuide::showStep()
{
    const LessonStep& step = m_steps[m_step];
    m_counter->setText(tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()));
    m_title->setText(step.title);
    m_text->setText(step.text);
    const bool asks = !step.question.isEmpty();
    m_question->setVisible(asks);
    m_guess->setVisible(asks);
    m_reveal->setVisible(asks);
    m_question->setText(step.question);
    m_guess->setDecimals(step.decimals);
    m_guess->setSuffix(step.unit.isEmpty() ? QString() : QStringLiteral(" ") + step.unit);
    m_guess->setValue(0);
    m_answer->clear();
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < stepCount());
    setPending(step.answer ? step.question : QString());
}

void LessonGuide::setPending(const QString& question)
{
    if (m_pending != question) {
        m_pending = question;
        emit predictionPending(question);
    }
}

void LessonGuide::reveal()
{
    const LessonStep& step = m_steps[m_step];
    if (!step.answer) {
        return;
    }
    const double answer = step.answer();
    const QString answerText =
        QLocale().toString(answer, 'f', step.decimals) + QStringLiteral(" ") + step.unit;
    const double guess = m_guess->value();
    QString verdict;
    if (guess > 0 && answer > 0) {
        const double ratio = guess / answer;
        verdict = std::abs(ratio - 1) <= 0.1 ? tr("Your guess is within 10 %. Well done!")
                  : ratio > 1
                      ? tr("Your guess is %1× too high.").arg(QLocale().toString(ratio, 'g', 2))
                      : tr("Your guess is %1× too low.").arg(QLocale().toString(1 / ratio, 'g', 2));
    }
    m_answer->setText((verdict.isEmpty() ? QString() : verdict + QStringLiteral("\n")) +
                      step.explanation.arg(answerText));
    setPending(QString());
}

QString LessonGuide::revealedText() const
{
    return m_answer->text();
}

void LessonGuide::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
