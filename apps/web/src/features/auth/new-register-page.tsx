import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { changeLanguage } from '../../shared/preferences';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { parseLang } from '../../i18n/language';

/** /{language}/new-register: opens the sign-up view in that language, over the home page. */
export function NewRegisterPage() {
  const { language } = useParams();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.preferences.lang);
  const lang = parseLang(language);

  useEffect(() => {
    if (lang && lang !== current) void dispatch(changeLanguage({ lang }));
    dispatch(authModalOpened({ view: 'new-register' }));
    // Once, on arrival: a later language switch must not reopen the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <Navigate to="/" replace />;
}
