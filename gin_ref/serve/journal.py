"""The journal of each match file served (placeholder until the entries land)."""


class Journals:
    def __init__(self, folder: str) -> None:
        self.folder = folder
