"""The French player's guide (docs/fr): four pages, each game's page in the words of its French rule text, linked from the README, every relative link resolving."""

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FR = ROOT / "docs" / "fr"
PAGES = ["README.md", "muggins_shedding.md", "cribbage_muggins.md", "willughby_fishing.md"]

#: Terms of each game's French seed (shared/seeds/000_*, 002_*, 004_*) that its page must use.
SEED_TERMS = {
    "muggins_shedding.md": ("000_", ["piles communes", "défausse personnelle", "paquet fermé", "sommet", "sanction", "Muggins !"]),
    "cribbage_muggins.md": ("002_", ["la crib", "compte trop élevé", "Qui perd gagne", "crier muggins", "quinze", "jeu des cartes"]),
    "willughby_fishing.md": ("004_", ["se coucher", "collection", "le pot", "jetons", "prime au survivant", "réclamer"]),
}

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def words(text: str) -> str:
    """Text compared loosely: Unicode-normalised, one kind of apostrophe and space, lower case."""
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text).lower()


def seed_text(prefix: str) -> str | None:
    """The seed file with this prefix in the shared folder beside the repository, if it is there."""
    folder = ROOT.parent / "shared" / "seeds"
    found = sorted(folder.glob(prefix + "*.txt")) if folder.is_dir() else []
    return found[0].read_text(encoding="utf-8") if found else None


@pytest.mark.parametrize("page", PAGES)
def test_the_page_exists(page):
    assert (FR / page).is_file(), f"docs/fr/{page} is missing"
    assert (FR / page).read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize("page", sorted(SEED_TERMS))
def test_each_game_page_uses_the_terms_of_its_seed(page):
    text = words((FR / page).read_text(encoding="utf-8"))
    prefix, terms = SEED_TERMS[page]
    missing = [term for term in terms if words(term) not in text]
    assert not missing, f"docs/fr/{page} does not name {missing}"


@pytest.mark.parametrize("page", sorted(SEED_TERMS))
def test_the_terms_are_the_seeds_own(page):
    prefix, terms = SEED_TERMS[page]
    seed = seed_text(prefix)
    if seed is None:
        pytest.skip("the seed texts are not beside this checkout")
    seed = words(seed)
    assert [term for term in terms if words(term) not in seed] == []


def test_the_index_links_every_game_page():
    text = (FR / "README.md").read_text(encoding="utf-8")
    targets = set(LINK.findall(text))
    for page in sorted(SEED_TERMS):
        assert page in targets, f"docs/fr/README.md does not link {page}"


def test_the_readme_links_the_french_guide():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/fr/README.md)" in text


def test_the_readme_keeps_its_two_set_up_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\n(.*?)\n```$", text, flags=re.S | re.M)
    assert len(blocks) == 2 and all(block.startswith("pip install uv && ") for block in blocks)


def relative_links():
    for page in sorted(FR.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)  # links are not looked for in code
        for target in LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            yield page, target


@pytest.mark.parametrize("page, target", list(relative_links()), ids=lambda x: getattr(x, "name", x))
def test_every_relative_link_resolves(page, target):
    path = (page.parent / target.split("#", 1)[0]).resolve()
    assert path.exists(), f"{page.relative_to(ROOT)} links {target}, which does not exist"


def test_there_are_relative_links_to_check():
    assert len(list(relative_links())) >= 10
