"""What a browser sends for a page's form as the page shows it."""


def post_data(page) -> dict:
    """What a browser sends for the New evening form as proposed."""
    form = page.context["form"]
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value.pk if hasattr(value, "pk") else value
    for _template, part_form in page.context["part_forms"]:
        data.update(
            {f.html_name: f.value() for f in part_form.management_form if f.value() is not None}
        )
        for prize in part_form:
            for bound in prize:
                if bound.value() is not None:
                    data[bound.html_name] = bound.value()
    return data
