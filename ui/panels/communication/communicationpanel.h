#pragma once

#include "simcore/reports/communicationreport.h"
#include "ui/kit/panel.h"

#include <QHash>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;

namespace dtsim::ui {

class CommunicationCharts;

/// Seed lesson §3a and the topology seed: how gradients are averaged across GPUs and why the
/// links bound training. Controls for the all-reduce (algorithm, GPUs, message size) and the
/// links (a catalogue picker for inside a node and between nodes, plus the numbers themselves);
/// the ring animation and three charts (CommunicationCharts); read-outs; the chosen algorithm's
/// formula with today's numbers — all from the CommunicationReport.
class CommunicationPanel : public Panel {
    Q_OBJECT
public:
    explicit CommunicationPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("communication"); }
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] CommunicationCharts* charts() const { return m_charts; }
    /// The link pickers: item data is a links catalogue id, "" for the user's own numbers.
    [[nodiscard]] QComboBox* intraLinkBox() const { return m_intraLink; }
    [[nodiscard]] QComboBox* interLinkBox() const { return m_interLink; }
    /// Off by default: the charts show the chosen algorithm and the lesson's main ones.
    [[nodiscard]] QCheckBox* showAllBox() const { return m_showAll; }

protected:
    void refresh() override;
    void retranslate() override;

private:
    void buildControls();
    QFormLayout* addGroup(QGroupBox*& group);
    void addRow(QFormLayout* form, QWidget* field);
    QComboBox* addLinkBox(QFormLayout* form, bool intra);
    void pickLink(bool intra, int index);
    void showLinkChoice(QComboBox* box, double bandwidth, double latency, const QString& picked);
    /// The read-out rows, the links row worded for m_readoutLink.
    void setReadoutRows();
    void updateFormula();

    simcore::CommunicationReport m_report; ///< evaluated once per refresh
    simcore::LinkUsed m_readoutLink = simcore::LinkUsed::Intra;

    CommunicationCharts* m_charts = nullptr;
    QGroupBox* m_collectiveGroup = nullptr;
    QGroupBox* m_linksGroup = nullptr;
    QGroupBox* m_readoutGroup = nullptr;
    QComboBox* m_intraLink = nullptr;
    QComboBox* m_interLink = nullptr;
    QCheckBox* m_showAll = nullptr;
    QString m_intraPicked; ///< the catalogue id last picked, to tell apart equal entries
    QString m_interPicked;
};

} // namespace dtsim::ui
