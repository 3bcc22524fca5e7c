document.title = 'popup';
