"""Counters events logged before the ops era get their ops, so the generic undo/redo reads them."""

from django.db import migrations


def forwards(apps, schema_editor):
    from sheets.counters.events import bounds_of, upgrade

    Table = apps.get_model("campaigns", "Table")
    Event = apps.get_model("campaigns", "Event")
    for table_id in Table.objects.filter(game="counters").values_list("pk", flat=True).iterator():
        events = list(Event.objects.filter(table_id=table_id).order_by("seq").only("pk", "type", "payload"))
        bounds = bounds_of(e.payload for e in events)
        for event in events:
            payload = upgrade(event.type, event.payload, bounds)
            if payload is not None:
                Event.objects.filter(pk=event.pk).update(payload=payload)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0008_ratings")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
