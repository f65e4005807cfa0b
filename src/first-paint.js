/* global document, Element, history, innerWidth, location */
/*
 * Runs before the page paints (a tiny script of its own: the CSP allows no inline script), twice: at
 * the end of head, and in body just after #first-paint-home.
 *
 * In head it decides what is shown until the app replaces it:
 * - index.html's static login card, when the app will open on the login form: no token kept
 *   (src/lib/storage.ts keeps {value, expire}), the address is the login page or the app's bare
 *   address, no single sign-on ticket, and not a 数字校园 deployment (its bare address is the welcome
 *   page; src/config/runtime.ts remembers the deployment's kind);
 * - the phone's home as it last looked (src/lib/first-paint-home.ts keeps it), when the app will open
 *   on it: the same user still logged in, on a phone, made by this build, and still true (the greeting
 *   and the date in it).
 * In body it puts the kept home (its styles with it) in place, not yet usable (inert) until the app takes over.
 */
(function () {
  function kept(key) {
    try {
      var item = JSON.parse(localStorage.getItem(key) || 'null');
      return item && (item.expire === null || item.expire > Date.now()) ? item.value : null;
    } catch {
      return null;
    }
  }
  var hash = location.hash.replace(/^#/, '');
  var cut = hash.indexOf('?');
  var path = cut < 0 ? hash : hash.slice(0, cut);
  var query = (cut < 0 ? '' : hash.slice(cut)) + '&' + location.search;
  var bare = path === '' || path === '/';
  // A single sign-on ticket: the app opens on neither kept page, it logs in first.
  var ticket = /[?&](ticket|key)=/.test(query);
  var home = document.getElementById('first-paint-home');
  if (home) {
    var shown = document.documentElement.classList.contains('first-paint-home') && kept('FIRST_PAINT_HOME');
    if (shown && shown.styles) home.innerHTML = '<style>' + shown.styles.text + '</style>' + shown.html;
    return;
  }
  var snapshot = kept('FIRST_PAINT_HOME');
  var user = kept('Login_Userinfo');
  var entry = document.querySelector('script[type="module"][src]');
  if (
    snapshot &&
    user &&
    kept('Access-Token') &&
    snapshot.user === user.username &&
    !user.passwordChangeRequired &&
    !ticket &&
    (bare || path === snapshot.path) &&
    innerWidth < 768 &&
    entry &&
    entry.getAttribute('src') === snapshot.entry
  ) {
    document.documentElement.classList.add('first-paint-home');
    if (bare) history.replaceState(history.state, '', '#' + snapshot.path);
    return;
  }
  if ((bare || path === '/user/login') && !ticket && !kept('Access-Token') && !kept('DIGITAL_CAMPUS')) {
    document.documentElement.classList.add('first-paint-login');
    // Where the app would send this visitor (src/app/navigation.ts): so its first render is the login
    // form, which takes over this card, not a redirect that would blank the page in between.
    if (bare) history.replaceState(history.state, '', '#/user/login');
    // 登 录 pressed (or Enter in a field) before the app is there: marked, so the app's login form
    // sends what was typed when it takes over (src/features/auth/components/login-form.tsx).
    var submitted = function () {
      var card = document.getElementById('first-paint');
      if (!card) return;
      card.setAttribute('data-submitted', '');
      card.querySelector('.login-form__submit').setAttribute('aria-disabled', 'true');
    };
    document.addEventListener('click', function (event) {
      if (event.target instanceof Element && event.target.closest('#first-paint .login-form__submit')) submitted();
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('#first-paint .login-form__input')) submitted();
    });
  }
})();
