// Device discovery through libudev.
import CUdev
