import { describe, expect, it } from 'vitest';
import { userMessageListUrl, welcomeView } from './welcome-view.ts';

describe('welcomeView', () => {
  it('greets a visitor who is not logged in', () => {
    expect(welcomeView({ hasToken: false, digitalCampus: true, yhlx: null })).toBe('anonymous');
  });

  it.each(['1', '2'])('shows yhlx %s on the digital campus the page without the left menu', (yhlx) => {
    expect(welcomeView({ hasToken: true, digitalCampus: true, yhlx })).toBe('full');
  });

  it('sends yhlx 0, and everyone on other deployments, to the shell with the left menu', () => {
    expect(welcomeView({ hasToken: true, digitalCampus: true, yhlx: '0' })).toBe('home');
    expect(welcomeView({ hasToken: true, digitalCampus: false, yhlx: '1' })).toBe('home');
    expect(welcomeView({ hasToken: true, digitalCampus: false, yhlx: '2' })).toBe('home');
    expect(welcomeView({ hasToken: true, digitalCampus: true, yhlx: undefined })).toBe('home');
  });
});

describe('userMessageListUrl', () => {
  it('keeps the app address and routes by hash', () => {
    expect(userMessageListUrl({ origin: 'http://school.edu', pathname: '/teacher/', search: '' }, '/user-message-list')).toBe('http://school.edu/teacher/#/user-message-list');
  });
});
