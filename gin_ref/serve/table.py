"""The table's page, for a phone: its match and the forms that enter, confirm, reject and undo a hand."""

from typing import List

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from gin_ref.serve import pages
from gin_ref.serve.security import Refused


def routes(served: "object") -> List[BaseRoute]:
    from gin_ref.serve.app import Served

    assert isinstance(served, Served)

    def page(request: Request) -> Response:
        key = request.path_params["key"]
        spot = served.folder.spot(key)
        if spot is None:
            return HTMLResponse(pages.message_page("Not found", "There is no such table here."), status_code=404)
        try:
            exchanged = served.security.exchange(request, key, f"/t/{key}")
            if exchanged is not None:
                return exchanged
            served.security.authorize(request, key)
        except Refused as refused:
            return refused.response()
        return HTMLResponse(pages.document(spot.label, f"<h1>{spot.label}</h1>"))

    return [Route("/t/{key}", page)]
