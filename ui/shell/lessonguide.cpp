#include "ui/shell/lessonguide.h"

#include "common/numberentry.h"
#include "ui/kit/appearance.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

namespace dtsim::ui {

LessonGuide::LessonGuide(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("lessonGuide"));
    m_steps = common::builtInLessonPlan().steps;
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
    m_previous = new QPushButton;
    m_next = new QPushButton;
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_next);

    layout->addWidget(m_counter);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addSpacing(8);
    layout->addWidget(m_question);
    layout->addLayout(guessRow);
    layout->addWidget(m_answer);
    layout->addStretch(1);
    layout->addLayout(navigation);

    connect(m_reveal, &QPushButton::clicked, this, &LessonGuide::reveal);
    // Type the class's guess, press Enter: the answer, without reaching for the mouse.
    connect(m_guess->findChild<QLineEdit*>(), &QLineEdit::returnPressed, this,
            &LessonGuide::reveal);
    connect(m_previous, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(m_step + 1); });
    retranslate();
}

void LessonGuide::setStep(int index)
{
    if (index < 0 || index >= stepCount()) {
        return;
    }
    m_step = index;
    m_revealed = false;
    m_guess->setValue(0);
    showStep();
    // Covered first, then set up: the panel changes only under the cover.
    const common::LessonPlanStep& step = m_steps[m_step];
    emit showRequested(step, common::lessonStepScenario(step), m_step + 1);
}

void LessonGuide::retranslate()
{
    m_reveal->setText(tr("Reveal"));
    m_reveal->setToolTip(tr("Compare your guess with what the model computes, and uncover the "
                            "panel."));
    m_previous->setText(tr("← Previous"));
    m_next->setText(tr("Next →"));
    const QString undoHint = tr("Each step sets up its panel; Undo (Ctrl+Z) brings your own "
                                "settings back.");
    m_previous->setToolTip(undoHint);
    m_next->setToolTip(undoHint);
    m_guess->setToolTip(tr("Your prediction, before you reveal the answer."));
    showStep();
}

void LessonGuide::showStep()
{
    if (m_steps.isEmpty()) {
        m_counter->setText(common::builtInLessonPlan().error);
        return;
    }
    const common::LessonPlanStep& step = m_steps[m_step];
    m_counter->setText(tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()));
    m_title->setText(step.title.current());
    m_text->setText(step.text.current());
    const bool asks = step.answer.has_value();
    m_question->setVisible(asks);
    m_guess->setVisible(asks);
    m_reveal->setVisible(asks);
    m_question->setText(step.question.current());
    if (asks) {
        const double guess = m_guess->value();
        m_guess->setDecimals(step.answer->decimals);
        m_guess->setSuffix(QStringLiteral(" ") + step.answer->unit.current());
        m_guess->setValue(guess);
    }
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < stepCount());
    if (m_revealed) {
        showAnswer();
    } else {
        m_answer->clear();
    }
    setPending(asks && !m_revealed ? step.question.current() : QString());
}

void LessonGuide::setPending(const QString& question)
{
    if (m_pending != question) {
        m_pending = question;
        emit predictionPending(question);
    }
}

void LessonGuide::showAnswer()
{
    const common::LessonPlanStep& step = m_steps[m_step];
    const auto answer = common::lessonStepAnswer(step);
    if (!answer) {
        m_answer->setText(common::builtInLessonPlan().error);
        return;
    }
    // Grouped as read-outs group: QLocale's Vietnamese "16.384" reads as sixteen point three eight
    // four.
    const QString answerText = common::formatFixed(*answer, step.answer->decimals) +
                               QStringLiteral(" ") + step.answer->unit.current();
    const double guess = m_guess->value();
    QString verdict;
    if (guess > 0 && *answer > 0) {
        const double ratio = guess / *answer;
        verdict = std::abs(ratio - 1) <= 0.1 ? tr("Your guess is within 10 %. Well done!")
                  : ratio > 1
                      ? tr("Your guess is %1× too high.").arg(QLocale().toString(ratio, 'g', 2))
                      : tr("Your guess is %1× too low.").arg(QLocale().toString(1 / ratio, 'g', 2));
    }
    m_answer->setText((verdict.isEmpty() ? QString() : verdict + QStringLiteral("\n")) +
                      step.explanation.current().arg(answerText));
}

void LessonGuide::reveal()
{
    if (m_steps.isEmpty() || !m_steps[m_step].answer) {
        return;
    }
    m_revealed = true;
    showAnswer();
    setPending(QString());
    // The learner may have looked at another tab meanwhile: the answer is on the step's panel.
    emit showRequested(m_steps[m_step], std::nullopt, m_step + 1);
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
