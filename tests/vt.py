"""A small terminal screen for the session's pseudo-terminal tests: it plays the output of prompt_toolkit
(text, carriage return, line feed, backspace, cursor moves, erase, scrolling) onto a grid of characters so
that a test reads what a person would see, not the bytes that drew it (prompt_toolkit redraws only the
characters that changed). Colours and modes are ignored."""

import re

_SEQUENCE = re.compile(r"\x1b\[([0-9;?]*)([@-~])|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07]*\x07|([^\x1b])",
                       re.DOTALL)


class Screen:
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.grid = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self.reports = []  # answers owed to cursor position requests (ESC [ 6 n), in order

    def feed(self, text):
        for match in _SEQUENCE.finditer(text):
            params, final, char = match.group(1), match.group(2), match.group(3)
            if char is not None:
                self._char(char)
            elif final is not None:
                self._control(params or "", final)

    def _char(self, char):
        if char == "\r":
            self.column = 0
        elif char == "\n":
            self._line_feed()
        elif char == "\b":
            self.column = max(0, self.column - 1)
        elif char == "\t":
            self.column = min(self.columns - 1, (self.column // 8 + 1) * 8)
        elif char >= " ":
            if self.column >= self.columns:
                self.column = 0
                self._line_feed()
            self.grid[self.row][self.column] = char
            self.column += 1

    def _line_feed(self):
        if self.row == self.rows - 1:
            self.grid.pop(0)
            self.grid.append([" "] * self.columns)
        else:
            self.row += 1

    def _control(self, params, final):
        if params.startswith("?"):
            return
        if final == "n" and params == "6":
            self.reports.append(f"\x1b[{self.row + 1};{self.column + 1}R")
            return
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []
        count = max(1, numbers[0]) if numbers else 1
        if final == "A":
            self.row = max(0, self.row - count)
        elif final == "B":
            self.row = min(self.rows - 1, self.row + count)
        elif final == "C":
            self.column = min(self.columns - 1, self.column + count)
        elif final == "D":
            self.column = max(0, self.column - count)
        elif final in "Hf":
            row = numbers[0] if numbers else 1
            column = numbers[1] if len(numbers) > 1 else 1
            self.row, self.column = max(0, row - 1), max(0, column - 1)
        elif final == "J":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                self.grid[self.row][self.column:] = [" "] * (self.columns - self.column)
                for row in range(self.row + 1, self.rows):
                    self.grid[row] = [" "] * self.columns
            elif mode in (2, 3):
                self.grid = [[" "] * self.columns for _ in range(self.rows)]
        elif final == "K":
            mode = numbers[0] if numbers else 0
            if mode == 0:
                self.grid[self.row][self.column:] = [" "] * (self.columns - self.column)
            elif mode == 1:
                self.grid[self.row][:self.column + 1] = [" "] * (self.column + 1)
            else:
                self.grid[self.row] = [" "] * self.columns

    def lines(self):
        return ["".join(row).rstrip() for row in self.grid]

    def text(self):
        return "\n".join(self.lines())
