document.title = 'viewer';
