// The window around the panels: undo/redo of parameter edits, scenario files, unsaved marker.
#include "common/scenariofile.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

TEST_CASE("undo and redo of parameter edits; a drag is one step", "[ui][undo]")
{
    ScenarioModel model;
    QUndoStack* undo = model.undoStack();
    REQUIRE_FALSE(model.setNumber(QStringLiteral("lesson.fixed_sync"), 0.05));
    REQUIRE(undo->count() == 1);
    // A slider drag: many edits of one key in quick succession merge into one step.
    for (int n = 9; n <= 40; ++n) {
        REQUIRE_FALSE(model.setNumber(QStringLiteral("scaling.workers"), n));
    }
    CHECK(undo->count() == 2);
    CHECK(model.scenario().scaling.workers == 40);
    undo->undo();
    CHECK(model.scenario().scaling.workers == 8); // back to before the whole drag
    CHECK(model.scenario().lesson.fixedSyncSeconds == 0.05);
    undo->undo();
    CHECK(model.scenario() == simcore::Scenario{});
    undo->redo();
    undo->redo();
    CHECK(model.scenario().scaling.workers == 40);

    // A rejected value is no step; an unchanged value is no step.
    CHECK(model.setNumber(QStringLiteral("scaling.workers"), 0).has_value());
    REQUIRE_FALSE(model.setNumber(QStringLiteral("scaling.workers"), 40));
    CHECK(undo->count() == 2);

    // Edits of the same key further apart than the merge window are separate steps.
    QTest::qWait(ScenarioModel::kMergeMilliseconds + 100);
    REQUIRE_FALSE(model.setNumber(QStringLiteral("scaling.workers"), 64));
    CHECK(undo->count() == 3);

    // A drag that returns to where it started leaves no step behind.
    QTest::qWait(ScenarioModel::kMergeMilliseconds + 100);
    REQUIRE_FALSE(model.setNumber(QStringLiteral("scaling.workers"), 65));
    REQUIRE_FALSE(model.setNumber(QStringLiteral("scaling.workers"), 64));
    CHECK(undo->count() == 3);

    // Reset all is one step and undoes as one.
    model.setScenario(simcore::Scenario{}, QStringLiteral("Reset all"));
    CHECK(undo->undoText() == QStringLiteral("Reset all"));
    undo->undo();
    CHECK(model.scenario().scaling.workers == 64);
}

TEST_CASE("the window's slider edits go through the undo stack", "[ui][undo]")
{
    MainWindow window;
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    // Slider positions are stops: N = 9 … 64 (the stops past the start, N = 8).
    const int start = scaling->workerSlider()->value();
    for (int position = start + 1; position <= scaling->workerSlider()->maximum(); ++position) {
        scaling->workerSlider()->setValue(position);
    }
    CHECK(window.model()->scenario().scaling.workers == 64);
    CHECK(window.hasUnsavedChanges());
    window.model()->undoStack()->undo();
    CHECK(window.model()->scenario().scaling.workers == 8);
    CHECK(scaling->workerSlider()->value() == start);
    CHECK_FALSE(window.hasUnsavedChanges());
}

TEST_CASE("save then open gives identical numbers; the unsaved marker follows", "[ui][file]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("class.json"));
    QSettings().remove(QStringLiteral("recentFiles"));

    MainWindow window;
    ScenarioModel* model = window.model();
    REQUIRE_FALSE(model->setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical")));
    REQUIRE_FALSE(model->setNumber(QStringLiteral("scaling.mfu"), 0.37));
    REQUIRE_FALSE(model->setNumber(QStringLiteral("checkpoint.gpus"), 16384));
    CHECK(window.isWindowModified());
    REQUIRE(window.saveScenario(path).isEmpty());
    CHECK_FALSE(window.isWindowModified());
    CHECK(window.windowTitle().contains(QStringLiteral("class.json")));
    CHECK(QSettings()
              .value(QStringLiteral("recentFiles"))
              .toStringList()
              .value(0)
              .endsWith(QStringLiteral("class.json")));

    MainWindow second;
    REQUIRE(second.openScenario(path).isEmpty());
    CHECK(second.model()->scenario() == model->scenario());
    CHECK_FALSE(second.hasUnsavedChanges());
    // Opening is itself undoable.
    second.model()->undoStack()->undo();
    CHECK(second.model()->scenario() == simcore::Scenario{});
    CHECK(second.hasUnsavedChanges());
}

TEST_CASE("a bad scenario file is refused whole, with its line and key named", "[ui][file]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"format\": \"dtsim-scenario\",\n  \"version\": 1,\n  \"values\": {\n"
               "    \"scaling.workers\": 32,\n    \"scaling.mfu\": 1.5\n  }\n}\n");
    file.close();
    MainWindow window;
    const QString error = window.openScenario(path);
    CHECK(error.contains(QStringLiteral("line 6")));
    CHECK(error.contains(QStringLiteral("scaling.mfu")));
    CHECK(window.model()->scenario() == simcore::Scenario{}); // nothing partly applied
    CHECK(window.scenarioPath().isEmpty());

    QFile newer(path);
    REQUIRE(newer.open(QIODevice::WriteOnly | QIODevice::Truncate));
    newer.write("{\"format\": \"dtsim-scenario\", \"version\": 99, \"values\": {}}");
    newer.close();
    CHECK(window.openScenario(path).contains(QStringLiteral("99")));
}

TEST_CASE("copy chart puts the current panel's picture on the clipboard", "[ui][export]")
{
    MainWindow window;
    QGuiApplication::clipboard()->clear();
    REQUIRE(window.copyCurrentChart());
    const QImage image = QGuiApplication::clipboard()->image();
    CHECK(image.width() == 3200); // the default 1600×900 at 2× for slides
    CHECK(image.height() == 1800);
}

TEST_CASE("the Presets menu loads a preset as one undoable step", "[ui][presets][file]")
{
    MainWindow window;
    QAction* gpt3 = nullptr;
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->text().contains(QStringLiteral("GPT-3"))) {
            gpt3 = action;
        }
    }
    REQUIRE(gpt3 != nullptr);
    gpt3->trigger();
    CHECK(window.model()->scenario().model.params == 175e9);
    // Nothing to save: the next preset loads without "Save changes?"; an edit is something.
    CHECK_FALSE(window.hasUnsavedChanges());
    CHECK_FALSE(window.isWindowModified());
    REQUIRE(window.loadPresetById(QStringLiteral("llama-70b-h100")).isEmpty());
    CHECK_FALSE(window.hasUnsavedChanges());
    REQUIRE_FALSE(window.model()->setNumber(QStringLiteral("scaling.workers"), 32));
    CHECK(window.hasUnsavedChanges());
    window.model()->undoStack()->undo();
    CHECK_FALSE(window.hasUnsavedChanges());
    window.model()->undoStack()->undo();
    window.model()->undoStack()->undo();
    CHECK(window.model()->scenario() == simcore::Scenario{});
    CHECK(window.loadPresetById(QStringLiteral("nope")).contains(QStringLiteral("lesson")));
}
