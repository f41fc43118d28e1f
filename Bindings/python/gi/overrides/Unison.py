"""PyGObject overrides for Unison: the transaction functions with C's argument order.

Introspection gives each callback of unison_animate() its user data as the next positional
argument, so `Unison.animate(animation, changes, completion)` would pass `completion` as the
changes' data. These wrappers take the callables only (Python closures carry their own data):

    Unison.animate(Unison.Animation.new_spring(0.5, 0.2), lambda: value.set_value(100),
                   lambda: print("done"))
    Unison.without_animation(lambda: value.set_value(0))
    Unison.animate_essential(Unison.Animation.new_linear(0.2), lambda: bar.set_value(0.6))

Installed into PyGObject's overrides (gi/overrides/Unison.py) by `make install`.
"""

from ..module import get_introspection_module

Unison = get_introspection_module("Unison")

__all__ = []


def _call(function):
    # Called with whatever user data introspection hands back (none here): the callable ignores it.
    return lambda *_: function()


def animate(animation, changes, completion=None):
    """Runs `changes` so that the properties it sets animate with `animation` (None: they jump),
    then calls `completion` once, when the animations are logically complete."""
    if completion is None:
        Unison.animate(animation, changes=_call(changes))
    else:
        Unison.animate(animation, changes=_call(changes), completion=_call(completion))


def animate_essential(animation, changes, completion=None):
    """`animate` for motion that carries information (a progress bar, a value following the
    finger): reduced motion leaves it as it is, and it runs even with animations off in GTK."""
    if completion is None:
        Unison.animate_essential(animation, changes=_call(changes))
    else:
        Unison.animate_essential(animation, changes=_call(changes), completion=_call(completion))


def without_animation(changes):
    """Runs `changes` in a transaction that disables animation: what it sets jumps."""
    Unison.without_animation(changes=_call(changes))


__all__ += ["animate", "animate_essential", "without_animation"]
