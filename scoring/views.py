"""The hand calculator page, ``/score/``: works with a plain form post, no JavaScript needed."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.announce import announce_text
from scoring.claims import check_claim
from scoring.forms import ShowForm
from scoring.show import score_show


def score_page(request: HttpRequest) -> HttpResponse:
    form = ShowForm(request.POST or None)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        show = score_show(form.hand, form.cleaned_data["starter"], crib=form.cleaned_data["crib"])
        context["show"] = show
        context["announcement"] = announce_text(show.items)
        claimed = form.cleaned_data.get("claimed")
        if claimed is not None:
            claim = check_claim(show, claimed)
            context["claim"] = claim
            context["claim_gap"] = abs(claim.difference)
    return render(request, "scoring/score.html", context, status=400 if form.errors else 200)
