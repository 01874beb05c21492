#pragma once

#include <QWidget>

class QLabel;

namespace dtsim::ui {

/// Covers the panels while the Lesson guide waits for a prediction: the read-outs, the optimum's
/// star and the summary would otherwise show the answer before the class has guessed. Shows
/// the question large instead, so the projector asks it. A child of the panels' page stack,
/// it follows the stack's size; the tab bar stays usable.
class PredictionCover : public QWidget {
    Q_OBJECT
public:
    explicit PredictionCover(QWidget* covered);

    /// Covers with `question`, or uncovers when it is empty.
    void setQuestion(const QString& question);
    [[nodiscard]] QString question() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_heading = nullptr;
    QLabel* m_question = nullptr;
    QLabel* m_hint = nullptr;
};

} // namespace dtsim::ui
