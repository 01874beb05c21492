#pragma once
// The "Lesson" guide: walks the seed lesson's sections in order (and the topology seed), jumps
// to the panel and settings of each, and asks the learner to predict a number before it
// reveals what the model says.

#include "simcore/scenario/scenario.h"

#include <QWidget>
#include <functional>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace dtsim::ui {

/// One stop of the guide. Texts are translated when the guide is (re)built.
struct LessonStep {
    QString panelId;  ///< the panel "Show me" opens
    QString title;    ///< "§1 Why one GPU is not enough"
    QString text;     ///< two or three sentences of the lesson
    QString question; ///< asks for a number, or empty for a step without one
    QString unit;     ///< of the answer ("GiB", "workers", "%")
    int decimals = 0; ///< of the guess box and the answer
    /// The scenario "Show me" loads (from the current one), or nullopt to keep it.
    std::function<std::optional<simcore::Scenario>(const simcore::Scenario&)> setup;
    /// The model's answer, computed by simcore.
    std::function<double()> answer;
    QString explanation; ///< after the reveal; %1 is the answer with its unit
};

/// The steps, in the seed's order.
QList<LessonStep> lessonSteps();

class LessonGuide : public QWidget {
    Q_OBJECT
public:
    explicit LessonGuide(QWidget* parent = nullptr);

    [[nodiscard]] int currentStep() const { return m_step; }
    [[nodiscard]] int stepCount() const { return static_cast<int>(m_steps.size()); }
    void setStep(int index);
    /// Compares the guess with the model's answer and shows the explanation.
    void reveal();
    [[nodiscard]] QString revealedText() const;
    [[nodiscard]] QDoubleSpinBox* guessBox() const { return m_guess; }
    /// The question waiting for Reveal, or empty.
    [[nodiscard]] QString pendingQuestion() const { return m_pending; }

signals:
    /// "Show me": the window switches to the panel and loads the scenario if there is one.
    void showRequested(const QString& panelId, const std::optional<simcore::Scenario>& scenario);
    /// Asks the window for its scenario before a step's setup runs.
    void scenarioNeeded(simcore::Scenario* scenario);
    /// A question waits for the learner's prediction: the window covers the panels (whose
    /// read-outs, markers and summary would give the answer away) until Reveal. An empty
    /// question uncovers them.
    void predictionPending(const QString& question);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showStep();
    void setPending(const QString& question);

    QList<LessonStep> m_steps;
    int m_step = 0;
    QString m_pending;
    QLabel* m_counter = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_question = nullptr;
    QDoubleSpinBox* m_guess = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
    QPushButton* m_show = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace dtsim::ui
