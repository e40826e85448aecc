"""``gin-ref serve``: a phone at every table, writing the same match files (docs/serve.md).

The server is Starlette on uvicorn, an optional extra (``pip install 'gin-ref[serve]'``). Its layer sits
beside the command line, over the desk: it may import the desk, core, match, club, views and files, never
cli, and it starts no process (its acts and reports are desk calls in worker threads). ``app.build_app``
makes the application; ``folder`` models the tables of the folder served; ``state`` keeps the tokens, the
instance lock and the journal folder (``FOLDER/.gin-ref-serve/``).
"""
