// DRM/KMS scanout back end.
import CDRM
