#pragma once
// The "Lesson" guide: walks the lesson plan (common/lessonplan.h, resources/lesson/lesson.json)
// step by step. Each step opens its panel with its settings under the prediction cover, asks
// the learner to predict a number, and Reveal uncovers the panel that shows it.

#include "common/lessonplan.h"
#include "simcore/scenario/scenario.h"

#include <QWidget>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace dtsim::ui {

class LessonGuide : public QWidget {
    Q_OBJECT
public:
    explicit LessonGuide(QWidget* parent = nullptr);

    [[nodiscard]] int currentStep() const { return m_step; }
    [[nodiscard]] int stepCount() const { return static_cast<int>(m_steps.size()); }
    [[nodiscard]] const common::LessonPlanStep& step(int index) const { return m_steps[index]; }
    /// Goes to step `index`: its texts, its panel and its settings, covered while it asks.
    void setStep(int index);
    /// Compares the guess with the model's answer, shows the explanation and uncovers the
    /// step's panel.
    void reveal();
    [[nodiscard]] bool isRevealed() const { return m_revealed; }
    [[nodiscard]] QString revealedText() const;
    [[nodiscard]] QDoubleSpinBox* guessBox() const { return m_guess; }
    /// The question waiting for Reveal, or empty.
    [[nodiscard]] QString pendingQuestion() const { return m_pending; }

signals:
    /// The window switches to the step's panel and view and, when given, loads the step's
    /// scenario (undoably, as "Lesson step `number`").
    void showRequested(const common::LessonPlanStep& step,
                       const std::optional<simcore::Scenario>& scenario, int number);
    /// A question waits for the learner's prediction: the window covers the panels (whose
    /// read-outs, markers and summary would give the answer away) until Reveal. An empty
    /// question uncovers them.
    void predictionPending(const QString& question);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showStep();
    void showAnswer();
    void setPending(const QString& question);

    QList<common::LessonPlanStep> m_steps;
    int m_step = 0;
    bool m_revealed = false;
    QString m_pending;
    QLabel* m_counter = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_question = nullptr;
    QDoubleSpinBox* m_guess = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace dtsim::ui
