# Written by hand (issue #14, "Speed"): the per-account counter the cached statistics are keyed on.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0008_ratings'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='StatsVersion',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('mine', models.PositiveBigIntegerField(default=0)),
                ('hosted', models.PositiveBigIntegerField(default=0)),
            ],
        ),
    ]
