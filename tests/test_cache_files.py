"""The card-art and profile caches are written whole or not at all (vision.files)."""

import pytest

from vision.files import written_whole


def test_a_write_that_fails_leaves_the_old_file_and_no_partial(tmp_path):
    target = tmp_path / "cache" / "SQ.png"
    target.parent.mkdir()
    target.write_bytes(b"the old picture")
    with pytest.raises(RuntimeError), written_whole(target) as partial:
        partial.write_bytes(b"half a pic")
        raise RuntimeError("power cut")
    assert target.read_bytes() == b"the old picture"
    assert [p.name for p in target.parent.iterdir()] == ["SQ.png"]


def test_a_write_that_ends_replaces_the_file_at_once(tmp_path):
    target = tmp_path / "profiles" / "paris.npz"
    with written_whole(target) as partial:
        assert partial.suffix == ".npz" and partial.parent == target.parent
        partial.write_bytes(b"new profile")
        assert not target.exists()
    assert target.read_bytes() == b"new profile"
    assert [p.name for p in target.parent.iterdir()] == ["paris.npz"]
