/* global document, Element, history, location */
/*
 * Runs before the page paints (a tiny script of its own: the CSP allows no inline script). Decides
 * whether index.html's static login card is shown until the app replaces it: only when the app will
 * open on the login form — no token kept (src/lib/storage.ts keeps {value, expire}), the address is
 * the login page or the app's bare address, no single sign-on ticket, and not a 数字校园 deployment
 * (its bare address is the welcome page; src/config/runtime.ts remembers the deployment's kind).
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
  if ((bare || path === '/user/login') && !/[?&](ticket|key)=/.test(query) && !kept('Access-Token') && !kept('DIGITAL_CAMPUS')) {
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
