"""A dotLottie theme's rules as the slots a player applies, for the dotLottie checks
(dotlottie.py, and lottie.py's dotLottie snippet): kept apart so that neither imports the
other.
"""


def slot_json(rule):
    """The slot dotlottie-rs hands ThorVG for a rule (renderer/slots): `{"a":0,"k":value}`;
    a gradient's stops as offset, r, g, b each, then offset, alpha each (its stops always
    carry alpha), with their count."""
    if rule["type"] == "Gradient":
        stops = rule["value"]
        data = [x for stop in stops for x in [stop["offset"], *stop["color"][:3]]] + \
               [x for stop in stops for x in [stop["offset"], stop["color"][3]]]
        return {"p": {"k": {"a": 0, "k": data}, "p": len(stops)}}
    return {"p": {"a": 0, "k": rule["value"]}}
