"""`paraqd train --recipe recommended`: question files in, a hybrid model out; losses named from the registry."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from paraqd.cli import main
from paraqd.training.head import HeadConfig, train_head
from paraqd.training.losses import get_loss, loss_names, register_loss, triplet_loss, unregister_loss

QUESTIONS = [
    "A train covers 300 km in 5 hours. What is the speed of the train in km per hour?",
    "Tom walks 3 miles every day. How many miles does he walk in 7 days?",
    "Sarah bought 3 apples for 2 dollars each. How much money did she spend?",
    "A tank fills in 6 minutes and empties in 9 minutes. How long will it take to fill the tank?",
    "Anna reads 20 pages a day. How many days does she need for a book of 300 pages?",
    "A car travels 60 km in 2 hours. How far does it travel in 5 hours at the same speed?",
    "John has 12 marbles and gives 5 to Mary. How many marbles does John have left?",
]
DEV_QUESTION = "A shop sells 4 pens for 8 dollars. How much does one pen cost?"


@pytest.fixture
def custom_loss():
    calls = []

    @register_loss("test-hinge")
    def test_hinge(anchor, positive, negative, margin):
        import torch.nn.functional as F

        calls.append(len(anchor))
        return F.relu(margin - (anchor * positive).sum(-1) + (anchor * negative).sum(-1)).mean()

    yield calls
    unregister_loss("test-hinge")


def test_registry_lists_the_builtins_and_refuses_unknown_names():
    assert {"triplet-euclidean", "triplet-cosine", "mnrl", "threshold"} <= set(loss_names())
    with pytest.raises(Exception, match="unknown loss 'hinge'; choose one of"):
        get_loss("hinge")


def test_a_registered_loss_trains_the_head_by_name(custom_loss):
    rng = np.random.default_rng(0)
    table = rng.normal(size=(30, 8)).astype(np.float32)
    table /= np.linalg.norm(table, axis=1, keepdims=True)
    result = train_head(table, range(10), range(10, 20), range(20, 30),
                        HeadConfig(loss="test-hinge", margin=0.5, epochs=3, batch_size=5, learning_rate=1e-2))
    assert custom_loss == [5] * 6 and len(result.losses) == 3 and "test-hinge" in loss_names()


def test_unknown_loss_is_a_one_line_error(tmp_path, capsys):
    questions = tmp_path / "q.jsonl"
    pd.DataFrame({"question": QUESTIONS}).to_json(questions, orient="records", lines=True)
    code = main(["train", str(questions), "-o", str(tmp_path / "m"), "--recipe", "recommended", "--loss", "nope"])
    err = capsys.readouterr().err
    assert code == 2 and "unknown loss 'nope'" in err and "Traceback" not in err
    assert main(["train", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "m"), "--recipe", "recommended"]) == 2


@pytest.mark.slow
def test_a_registered_loss_fine_tunes_an_encoder_through_the_wrapper(custom_loss):
    from paraqd.encoders import load_encoder

    model = load_encoder(None, device="cpu", cached=False)
    loss = triplet_loss(model, "test-hinge", margin=0.5)
    features = [model.tokenize([text]) for text in QUESTIONS[:3]]
    value = loss(features, None)
    value.backward()
    assert custom_loss == [1] and float(value.detach()) >= 0 and loss.get_config_dict() == {"loss": "test-hinge",
                                                                                     "margin": 0.5}


@pytest.mark.slow
def test_recommended_recipe_from_question_files_alone(tmp_path, custom_loss):
    from paraqd import ParaphraseScorer
    from paraqd.resources import spacy_available

    if not spacy_available():
        pytest.skip("spaCy pipeline not installed")
    questions = tmp_path / "questions.jsonl"
    pd.DataFrame({"question": [*QUESTIONS, "  " + DEV_QUESTION.upper()]}).to_json(
        questions, orient="records", lines=True)
    dev = tmp_path / "dev.csv"
    pd.DataFrame({"question": [DEV_QUESTION] * 4,
                  "paraphrase": ["One pen costs how much, if 4 pens sell for 8 dollars?",
                                 "A shop sells pens for 8 dollars. How much does one pen cost?",
                                 "A shop sells 4 pens for dollars. How much does one pen cost?",
                                 "If 4 pens cost 8 dollars at a shop, what is the price of one pen?"],
                  "label": [1, 0, 0, 1]}).to_csv(dev, index=False)
    out = tmp_path / "model"
    code = main(["train", str(questions), "-o", str(out), "--recipe", "recommended", "--select-on", str(dev),
                 "--loss", "test-hinge", "--margin", "0.3", "--epochs", "2", "--max-questions", "5",
                 "--per-question", "1", "--seed", "7"])
    assert code == 0 and custom_loss  # the registered loss trained the head
    meta = json.loads((out / "paraqd.json").read_text())
    assert meta["hyperparameters"]["head"]["loss"] == "test-hinge" and meta["seed"] == 7
    assert meta["scoring"]["method"] == "hybrid"
    assert meta["counts"]["dropped_excluded_questions"] == 1  # the dev question hid in the question file
    selection = meta["recipe"]["selection"]
    assert len(selection["per_epoch"]) == 3 and selection["selected_epoch"] in (0, 1, 2)
    scorer = ParaphraseScorer.load(out, device="cpu")
    assert scorer.score(QUESTIONS[0], QUESTIONS[0]) > 0.5
