"""``python -m gin_ref`` and the ``gin-ref`` command (``run``).

Ctrl-C while the command is still starting (importing click and the command's modules) ends as it does
later (``gin_ref.cli.errors``): one ``Error: interrupted`` line and exit 130, no traceback.
"""

import signal
import sys


def run():
    try:
        from gin_ref.cli import main

        return main()
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted\n")  # the words of gin_ref.cli.errors, which may not be loaded
        sys.exit(130)
    finally:  # the command is over: an interrupt now would only kill Python as it exits
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    run()
