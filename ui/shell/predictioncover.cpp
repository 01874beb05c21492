#include "ui/shell/predictioncover.h"

#include "ui/kit/appearance.h"

#include <QEvent>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace dtsim::ui {

PredictionCover::PredictionCover(QWidget* covered) : QWidget(covered)
{
    setObjectName(QStringLiteral("predictionCover"));
    setAutoFillBackground(true); // opaque: nothing of the panel shows through
    m_heading = new QLabel;
    setRelativeFont(m_heading, 1.6, true);
    m_question = new QLabel;
    m_question->setWordWrap(true);
    setRelativeFont(m_question, 2.0, true);
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    setRelativeFont(m_hint, 1.3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(64, 48, 64, 48);
    layout->addStretch(1);
    layout->addWidget(m_heading);
    layout->addSpacing(16);
    layout->addWidget(m_question);
    layout->addSpacing(24);
    layout->addWidget(m_hint);
    layout->addStretch(2);
    covered->installEventFilter(this);
    if (auto* pages = qobject_cast<QStackedWidget*>(covered)) {
        // Switching pages raises the new page: a step that opens its panel under the cover
        // would otherwise show the answer on it.
        connect(pages, &QStackedWidget::currentChanged, this, [this] {
            if (isVisible()) {
                raise();
            }
        });
    }
    setGeometry(covered->rect());
    hide();
    retranslate();
}

void PredictionCover::setQuestion(const QString& question)
{
    m_question->setText(question);
    setAccessibleDescription(question);
    const bool cover = !question.isEmpty();
    if (cover) {
        setGeometry(parentWidget()->rect());
        raise();
    }
    setVisible(cover);
}

QString PredictionCover::question() const
{
    return isHidden() ? QString() : m_question->text();
}

bool PredictionCover::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        setGeometry(parentWidget()->rect());
    } else if (watched == parentWidget() && event->type() == QEvent::ChildAdded && isVisible()) {
        raise(); // a panel page built later must stay under the cover
    }
    return QWidget::eventFilter(watched, event);
}

void PredictionCover::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

void PredictionCover::retranslate()
{
    m_heading->setText(tr("Predict first"));
    m_hint->setText(tr("Write your guess in the Lesson guide, then press Reveal: the panel "
                       "comes back with the answer."));
    setAccessibleName(m_heading->text());
}

} // namespace dtsim::ui
