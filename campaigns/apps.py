from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save, pre_save
        from django.utils import translation

        import rules.i18n
        from campaigns import stats_cache

        # A renamed account's name is in cached statistics (issue #14): they are bumped with it.
        user = get_user_model()
        pre_save.connect(stats_cache.note_rename, sender=user, dispatch_uid="stats-note-rename")
        post_save.connect(stats_cache.bump_on_rename, sender=user, dispatch_uid="stats-bump-on-rename")
        # The rules' words follow the language active for the request, socket or board.
        t = translation
        rules.i18n.install(t.gettext, t.ngettext, t.pgettext, t.npgettext)
